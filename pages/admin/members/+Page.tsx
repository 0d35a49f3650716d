export { MembersPage as default } from '../../../src/features/console/members-page'
