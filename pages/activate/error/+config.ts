export default { title: 'activate.error_title' }
