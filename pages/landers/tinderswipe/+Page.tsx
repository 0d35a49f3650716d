export { TinderSwipeLander as default } from '../../../src/features/landers/designs/tinder-swipe'
