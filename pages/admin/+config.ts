export default { title: 'admin.overview.title', layout: 'console' }
