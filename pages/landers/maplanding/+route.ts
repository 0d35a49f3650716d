// https://vike.dev/route-function: /landers/maplanding and /landers/maplanding/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('maplanding')
