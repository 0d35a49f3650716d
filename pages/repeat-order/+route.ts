// https://vike.dev/route
export default '/credits/repeat-order'
