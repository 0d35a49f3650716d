export default { title: 'admin.tenants.title' }
