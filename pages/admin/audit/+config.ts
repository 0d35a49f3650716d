export default { title: 'admin.audit.title' }
