export { AloneTonightLander as default } from '../../../src/features/landers/designs/alone-tonight'
