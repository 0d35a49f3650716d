export default { title: 'premium_page.title' }
