export { CollageLander as default } from '../../../src/features/landers/designs/collage'
