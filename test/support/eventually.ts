/**
 * Retries an expectation until it holds or `ms` pass, then throws its last failure. Fixed sleeps were too short on a
 * loaded machine (a CI run at load average 15: the typing event had not crossed Redis after 300 ms); where a duplicate
 * must be given time to arrive, a fixed sleep still follows.
 */
export async function eventually(check: () => void | Promise<void>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms
  for (;;) {
    try {
      await check()
      return
    } catch (err) {
      if (Date.now() > until) throw err
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}
