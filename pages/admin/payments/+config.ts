export default { title: 'admin.payments.title' }
