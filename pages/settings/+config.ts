export default { title: 'settings.title' }
