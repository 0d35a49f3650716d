export { MemberLandingPage as default } from '../../src/features/discovery/member-landing-page'
