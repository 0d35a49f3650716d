export default { title: 'admin.overview.title' }
