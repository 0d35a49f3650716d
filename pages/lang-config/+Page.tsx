export { LangConfigPage as default } from '../../src/features/layout/lang-config-page'
