export { MemberPage as default } from '../../src/features/members/member-page'
