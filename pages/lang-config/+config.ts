export default { title: 'lang_config.title' }
