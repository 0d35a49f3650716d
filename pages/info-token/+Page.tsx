export { InfoPage as default } from '../../src/features/info-pages/info-page'
