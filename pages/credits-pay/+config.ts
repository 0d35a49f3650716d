export default { title: 'checkout.title' }
