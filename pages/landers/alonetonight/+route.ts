// https://vike.dev/route-function: /landers/alonetonight and /landers/alonetonight/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('alonetonight')
