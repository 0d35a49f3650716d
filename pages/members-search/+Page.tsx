export { SearchPage as default } from '../../src/features/discovery/search-page'
