export { MatchFinderPage as default } from '../../src/features/discovery/match-finder-page'
