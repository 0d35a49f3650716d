export { MemberLandingPage as default } from '../../src/features/members/member-landing-page'
