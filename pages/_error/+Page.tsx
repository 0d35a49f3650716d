export { ErrorPage as default } from '../../src/features/layout/error-page'
