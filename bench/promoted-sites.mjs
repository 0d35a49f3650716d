// Loaded into a bench server with `node --import` (bench/gc.ts, BENCH_GC_SITES=1): V8's sampling heap profiler,
// started on SIGUSR1 and written on SIGUSR2 to the file BENCH_GC_SITES_FILE names. It keeps the samples of objects
// that survived the young generation's collections only (includeObjectsCollectedByMinorGC: false): what a window of
// requests left to the old generation, by the function that allocated it (decision 042, seventeenth addendum).
import fs from 'node:fs'
import inspector from 'node:inspector'

const session = new inspector.Session()
session.connect()
process.on('SIGUSR1', () => {
  session.post('HeapProfiler.enable', () => {
    session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false })
  })
})
process.on('SIGUSR2', () => {
  session.post('HeapProfiler.stopSampling', (err, res) => {
    // Written whole, then renamed: bench/gc reads the file as soon as it exists.
    const file = process.env.BENCH_GC_SITES_FILE ?? 'promoted-sites.json'
    fs.writeFileSync(`${file}.part`, JSON.stringify(err ? { error: String(err) } : res.profile))
    fs.renameSync(`${file}.part`, file)
  })
})
