// https://vike.dev/route-function: /landers/video and /landers/video/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('video')
