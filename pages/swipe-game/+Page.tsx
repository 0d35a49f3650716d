export { SwipeGamePage as default } from '../../src/features/discovery/swipe-game-page'
