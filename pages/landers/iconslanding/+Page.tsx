export { IconsLander as default } from '../../../src/features/landers/designs/icons'
