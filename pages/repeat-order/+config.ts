export default { title: 'repeat_order.title' }
