// A process whose standard output and error lose their reader (test/api/output-streams.test.ts). It keeps itself
// alive through uncaught errors and logs each one, as vike's server runtime does (its installUncaughtErrorHandlers),
// and with KEEP_SERVING=1 it first installs the server's handling of closed output streams. Told to, it writes a log
// line to each stream, waits, and reports how many uncaught errors it saw.
import { keepServingWhenOutputCloses } from '../../src/server/output-streams.server'

let uncaught = 0
process.on('uncaughtException', (err) => {
  uncaught++
  console.error(err)
})
if (process.env.KEEP_SERVING === '1') keepServingWhenOutputCloses()
process.on('message', (message) => {
  if (message !== 'write') return
  console.log('a log line')
  console.error('a warning')
  setTimeout(() => {
    process.send!({ uncaught }, () => process.exit(0))
  }, 400)
})
process.send!('ready')
