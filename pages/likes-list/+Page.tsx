export { LikesPage as default } from '../../src/features/members/likes-page'
