export default { title: 'complete_signup.title' }
