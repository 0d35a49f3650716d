// https://vike.dev/route (the test provider's hosted checkout)
export default '/checkout/test/@id'
