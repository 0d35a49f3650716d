export default { title: 'admin.members.title' }
