export { SearchPage as default } from '../../src/features/members/search-page'
