export default { title: 'notifications.title' }
