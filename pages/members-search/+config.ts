export default { title: 'members.title' }
