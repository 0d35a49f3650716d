// Closing an ioredis client for good. QUIT only reaches a connected Redis: on a client that is (re)connecting it is
// refused (no offline queue) or queued behind commands waiting for a connection, and the client then goes on
// reconnecting for ever, its timer keeping the process (a test run, a closing instance) alive. Such a client is
// disconnected instead; a connected one says QUIT, so what it has sent before is answered first.
import type { Redis } from 'ioredis'

export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => undefined)
  if (client.status !== 'end') client.disconnect()
}
