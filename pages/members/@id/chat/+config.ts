// https://vike.dev/config
export default { layout: 'chat', title: 'chats.title' }
