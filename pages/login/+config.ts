export default { title: 'login.title' }
