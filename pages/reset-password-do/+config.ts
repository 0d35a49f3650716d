export default { title: 'reset.do_title' }
