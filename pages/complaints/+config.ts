export default { title: 'complaints.title' }
