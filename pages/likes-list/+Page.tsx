export { LikesPage as default } from '../../src/features/discovery/likes-page'
