export default { title: 'landers.admin.title' }
