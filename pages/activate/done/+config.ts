export default { title: 'activate.done_title' }
