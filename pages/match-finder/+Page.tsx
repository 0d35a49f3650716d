export { MatchFinderPage as default } from '../../src/features/members/match-finder-page'
