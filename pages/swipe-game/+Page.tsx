export { SwipeGamePage as default } from '../../src/features/members/swipe-game-page'
