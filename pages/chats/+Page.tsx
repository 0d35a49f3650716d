export { ChatsPage as default } from '../../src/features/chat/chats-page'
