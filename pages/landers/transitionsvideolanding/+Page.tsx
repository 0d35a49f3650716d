export { TransitionsVideoLander as default } from '../../../src/features/landers/designs/transitions-video'
