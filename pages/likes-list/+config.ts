export default { title: 'likes_page.title' }
