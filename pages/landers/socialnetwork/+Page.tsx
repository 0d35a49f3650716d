export { SocialLander as default } from '../../../src/features/landers/designs/social'
