export default { title: 'signup.title' }
