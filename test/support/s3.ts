// A local S3-compatible server (s3rver) for the media storage tests and the cluster run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from '@20minutes/s3rver'

export interface LocalS3 {
  /** MEDIA_S3_URL of the bucket. */
  url: string
  /** MEDIA_S3_URL of the same server's bucket that does not exist (a store that refuses every call). */
  brokenUrl: string
  close(): Promise<void>
}

export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const base = `s3://S3RVER:S3RVER@127.0.0.1:${port}`
  return {
    url: `${base}/${bucket}?region=us-east-1&forcePathStyle=true&tls=false`,
    brokenUrl: `${base}/no-such-bucket?region=us-east-1&forcePathStyle=true&tls=false`,
    async close() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
