export default { title: 'deleted.title' }
