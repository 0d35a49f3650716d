// https://vike.dev/route
export default '/reset-password/do'
