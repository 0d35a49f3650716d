export { ConversationPage as default } from '../../../src/features/chat/chats-page'
