// The chat feature's public entry for the server: what other features (the chat operators' console) use.
export { ChatError, markRead, presentMessage, readConversation, sendMessage, unreadTotal, type SendInput } from './chat.server'
