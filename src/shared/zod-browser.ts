// zod as the browser gets it: every `import { z } from 'zod'` of the client bundle resolves here (vite.config.ts), so
// zod is told to parse without compiling code before any module builds a schema. zod's compiled parsers probe
// `new Function('')` as soon as an object schema is made, which the Content-Security-Policy (no 'unsafe-eval')
// refuses and reports as a violation (decision 018). The server keeps zod's compiled parsers.
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export { z }
export default z
