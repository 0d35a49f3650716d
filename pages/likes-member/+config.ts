export default { title: 'member.title' }
