// https://vike.dev/route-function: /landers/transitionsvideolanding and /landers/transitionsvideolanding/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('transitionsvideolanding')
