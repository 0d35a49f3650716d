// https://vike.dev/route-function: /landers/collagelanding and /landers/collagelanding/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('collagelanding')
