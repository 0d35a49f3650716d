export { MemberChatPage as default } from '../../../../src/features/chat/chats-page'
