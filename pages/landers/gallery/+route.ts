// https://vike.dev/route-function: /landers/gallery and /landers/gallery/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('gallery')
