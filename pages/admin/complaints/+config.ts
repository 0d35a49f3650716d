export default { title: 'admin.complaints.title' }
