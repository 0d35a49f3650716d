export default { title: 'credits_page.title' }
