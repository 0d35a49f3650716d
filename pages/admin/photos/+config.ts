export default { title: 'photos.admin_title' }
