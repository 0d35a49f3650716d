export default { title: 'profile_page.title' }
