export default { layout: 'empty', title: 'test_checkout.title' }
