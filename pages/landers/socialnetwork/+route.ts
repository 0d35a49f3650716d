// https://vike.dev/route-function: /landers/socialnetwork and /landers/socialnetwork/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('socialnetwork')
