// A server whose standard output or error is a pipe that closes (`npm start | head`, a log collector that died)
// must go on serving, quietly. Without a listener, the stream's EPIPE is an uncaught exception; vike keeps the
// process alive through those (its installUncaughtErrorHandlers logs each with console.error), and that log line,
// written to the closed stderr, is the next EPIPE: the process spun at 75-85% of a CPU for good, still serving,
// from its first log line after the reader went away (found 2026-12-06: a bench server left behind its script).

let installed = false

/**
 * From now on an error of process.stdout or process.stderr (EPIPE: the reader gone) is taken as the end of that
 * stream's readers instead of being thrown; what is written to it later fails the same way, unseen (Node's stdio
 * streams are never destroyed). When stdout goes and stderr is still there, stderr says so, once. Idempotent.
 */
export function keepServingWhenOutputCloses(): void {
  if (installed) return
  installed = true
  let stderrGone = false
  let stdoutGone = false
  process.stderr.on('error', () => {
    stderrGone = true
  })
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (stdoutGone) return
    stdoutGone = true
    if (!stderrGone) process.stderr.write(`[server] standard output closed (${err.code ?? err.message}): its log lines are lost from now on.\n`)
  })
}
