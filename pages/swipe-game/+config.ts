export default { title: 'swipe.title' }
