export default { title: 'reset.title' }
