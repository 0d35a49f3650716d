// WEB_CONCURRENCY (decision 048): how many server processes share the port. More than one needs PostgreSQL and Redis;
// the server refuses to start without them, with a message that says which is missing.
import os from 'node:os'
import { loadConfig } from '../../src/server/config.server'

const pg = 'postgres://app@db.internal:5432/app'
const redis = 'redis://cache.internal:6379'

describe('WEB_CONCURRENCY', () => {
  it('is one process unless set', () => {
    expect(loadConfig({}).workers).toBe(1)
    expect(loadConfig({ WEB_CONCURRENCY: '' }).workers).toBe(1)
  })

  it('takes a number, or auto for one process per CPU, with PostgreSQL and Redis', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: pg, REDIS_URL: redis }).workers).toBe(3)
    expect(loadConfig({ WEB_CONCURRENCY: 'auto', DATABASE_URL: pg, REDIS_URL: redis }).workers).toBe(os.availableParallelism())
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).workers).toBe(1)
  })

  it.each(['0', '-2', '65', 'two', '1.5'])('refuses %s', (value) => {
    expect(() => loadConfig({ WEB_CONCURRENCY: value, DATABASE_URL: pg, REDIS_URL: redis })).toThrow(/Invalid configuration:\n {2}WEB_CONCURRENCY: "auto" \(one process per CPU\) or a number from 1 to 64/)
  })

  it('refuses more than one process on the embedded database or without Redis, naming what is missing', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow('WEB_CONCURRENCY: 2 server processes need DATABASE_URL (the embedded database belongs to one process) and REDIS_URL (live events between the processes); leave it at 1 without them')
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: pg })).toThrow('WEB_CONCURRENCY: 2 server processes need REDIS_URL (live events between the processes)')
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: redis })).toThrow('WEB_CONCURRENCY: 2 server processes need DATABASE_URL (the embedded database belongs to one process);')
  })
})
