export default { title: 'admin.texts.title' }
