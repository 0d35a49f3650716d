export default { title: 'admin.staff.title' }
