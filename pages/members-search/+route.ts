// https://vike.dev/route (a folder of its own, so pages under /members/{id}/ inherit nothing from it)
export default '/members'
