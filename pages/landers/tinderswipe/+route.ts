// https://vike.dev/route-function: /landers/tinderswipe (no slug)
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('tinderswipe')
