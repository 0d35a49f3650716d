// https://vike.dev/route (a folder of its own, so it inherits nothing from /transactions)
export default '/transactions/@id'
