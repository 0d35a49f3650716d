export { LandingPage as default } from '../../src/features/landing/landing-page'
