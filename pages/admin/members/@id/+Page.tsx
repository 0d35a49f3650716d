export { MemberPage as default } from '../../../../src/features/console/member-page'
