// https://vike.dev/config (inherited by /chats/@id)
export default { layout: 'chat', title: 'chats.title' }
