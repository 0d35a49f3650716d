// https://vike.dev/route (Vike drops "pages" folders from filesystem routes, so the path is explicit)
export default '/pages/@token'
