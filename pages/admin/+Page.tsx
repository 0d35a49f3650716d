export { OverviewPage as default } from '../../src/features/console/overview-page'
