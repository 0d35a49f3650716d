export default { title: 'settings.mail_change_title' }
