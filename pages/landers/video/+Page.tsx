export { VideoLander as default } from '../../../src/features/landers/designs/video'
