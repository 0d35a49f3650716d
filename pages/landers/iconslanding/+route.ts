// https://vike.dev/route-function: /landers/iconslanding and /landers/iconslanding/{slug}
import { landerRoute } from '../../../src/features/landers/route'

export default landerRoute('iconslanding')
