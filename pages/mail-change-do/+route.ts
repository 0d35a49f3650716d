// https://vike.dev/route
export default '/mail-change/do'
