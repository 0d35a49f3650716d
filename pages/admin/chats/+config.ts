export default { title: 'admin.operator.title' }
