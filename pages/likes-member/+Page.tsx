export { MemberPage as default } from '../../src/features/discovery/member-page'
