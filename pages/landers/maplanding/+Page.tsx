export { MapLander as default } from '../../../src/features/landers/designs/map'
