// Media storage (decision 035): the photos' files (originals, thumbnails, blurred copies), the images sent in
// chat and the demo avatars, under random names `<32 hex>.webp`. One interface, two implementations: the local
// disk under DATA_DIR/media (one instance), or an S3-compatible bucket when MEDIA_S3_URL is set (any number of
// instances). Objects are never public: the bucket stays private and every byte reaches a member through the
// server's GET /media/<name>, whose names only the access rules hand out (a non-premium viewer gets the blurred
// copy's name, a private photo's names go only to premium viewers; decision 007).
import fs from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand,
  ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3'
import { MEDIA_NAME } from '../shared/media-variants'

export { MEDIA_NAME }

export interface MediaObject {
  body: Readable
  length?: number
}

export interface MediaStorage {
  readonly kind: 'local' | 's3'
  /** Stores a file under a media name. */
  put(name: string, data: Buffer): Promise<void>
  /** The whole file, or undefined when there is none. */
  read(name: string): Promise<Buffer | undefined>
  /** The file as a stream (for GET /media/<name>), or undefined when there is none. */
  open(name: string): Promise<MediaObject | undefined>
  /** Removes files; missing ones are no error. Throws when the store cannot be reached (callers' jobs retry). */
  remove(names: string[]): Promise<void>
  /** Names of the files last written before `before` (ms since the epoch). */
  listOlderThan(before: number): Promise<string[]>
  /** Throws unless the store answers (readiness). */
  check(): Promise<void>
  close(): void
}

const checkName = (name: string) => {
  if (!MEDIA_NAME.test(name)) throw new Error(`not a media name: ${JSON.stringify(name).slice(0, 60)}`)
  return name
}

/** Media files in a directory of the local disk. */
export function localMediaStorage(dir: string): MediaStorage {
  const file = (name: string) => path.join(dir, checkName(name))
  let made: Promise<unknown> | undefined
  return {
    kind: 'local',
    async put(name, data) {
      await (made ??= fs.mkdir(dir, { recursive: true }))
      await fs.writeFile(file(name), data)
    },
    async read(name) {
      if (!MEDIA_NAME.test(name)) return undefined
      return fs.readFile(file(name)).catch(() => undefined)
    },
    async open(name) {
      if (!MEDIA_NAME.test(name)) return undefined
      const stat = await fs.stat(file(name)).catch(() => undefined)
      if (!stat?.isFile()) return undefined
      return { body: createReadStream(file(name)), length: stat.size }
    },
    async remove(names) {
      await Promise.all(names.filter((n) => MEDIA_NAME.test(n)).map((n) => fs.rm(file(n), { force: true })))
    },
    async listOlderThan(before) {
      const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => MEDIA_NAME.test(n))
      const old: string[] = []
      for (const name of names) {
        const stat = await fs.stat(file(name)).catch(() => undefined)
        if (stat && stat.mtimeMs < before) old.push(name)
      }
      return old
    },
    async check() {
      await fs.mkdir(dir, { recursive: true })
      await fs.access(dir, fs.constants.W_OK)
    },
    close() {},
  }
}

/** MEDIA_S3_URL parsed: s3://KEY:SECRET@host:port/bucket/prefix?region=..&forcePathStyle=true&tls=false */
export interface S3Location {
  endpoint?: string
  bucket: string
  prefix: string
  region: string
  forcePathStyle: boolean
  accessKeyId?: string
  secretAccessKey?: string
}

/**
 * Reads MEDIA_S3_URL. The host (with port) is the endpoint of an S3-compatible store (MinIO, Ceph, R2...;
 * `s3.amazonaws.com` or no host means AWS itself), the first path segment the bucket, the rest a key prefix.
 * Key and secret are URL-encoded; without them the AWS SDK's default credential chain applies.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error('MEDIA_S3_URL: not a URL (s3://KEY:SECRET@host:port/bucket?region=...)')
  }
  if (url.protocol !== 's3:') throw new Error('MEDIA_S3_URL: must start with s3://')
  const [bucket, ...rest] = decodeURIComponent(url.pathname).replace(/^\/+/, '').split('/')
  if (!bucket) throw new Error('MEDIA_S3_URL: names no bucket (s3://KEY:SECRET@host:port/bucket)')
  const q = url.searchParams
  const tls = q.get('tls') !== 'false'
  const aws = !url.host || url.hostname === 's3.amazonaws.com'
  const prefix = rest.filter(Boolean).join('/')
  return {
    endpoint: aws ? undefined : `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: q.get('region') ?? 'us-east-1',
    forcePathStyle: q.get('forcePathStyle') === 'true',
    accessKeyId: url.username ? decodeURIComponent(url.username) : undefined,
    secretAccessKey: url.password ? decodeURIComponent(url.password) : undefined,
  }
}

const isMissing = (err: unknown) => err instanceof NoSuchKey || (err as { name?: string })?.name === 'NotFound' || (err as { name?: string })?.name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404

/** Media files as objects in a private bucket of an S3-compatible store. */
export function s3MediaStorage(location: S3Location): MediaStorage {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials: location.accessKeyId && location.secretAccessKey ? { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey } : undefined,
    maxAttempts: 3,
  })
  if (location.forcePathStyle) {
    // A bucket-level request (the listing) goes to `/bucket`, not `/bucket/`: both are valid path-style addresses,
    // and some S3-compatible stores (s3rver among them) sign only the first.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string }
        if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1)
        return next(args)
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    )
  }
  const Bucket = location.bucket
  const key = (name: string) => `${location.prefix}${checkName(name)}`
  return {
    kind: 's3',
    async put(name, data) {
      // No ACL: the object is as private as the bucket (never public-read).
      await client.send(new PutObjectCommand({ Bucket, Key: key(name), Body: data, ContentType: 'image/webp', CacheControl: 'private, max-age=604800, immutable' }))
    },
    async read(name) {
      if (!MEDIA_NAME.test(name)) return undefined
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }))
        return Buffer.from(await res.Body!.transformToByteArray())
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
    },
    async open(name) {
      if (!MEDIA_NAME.test(name)) return undefined
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }))
        return { body: res.Body as Readable, length: res.ContentLength }
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
    },
    async remove(names) {
      // One DeleteObject per file (a missing key is no error): DeleteObjects needs a body checksum that not every
      // S3-compatible store checks the same way. Eight at a time.
      const keys = names.filter((n) => MEDIA_NAME.test(n)).map(key)
      for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))))
    },
    async listOlderThan(before) {
      const old: string[] = []
      let ContinuationToken: string | undefined
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: location.prefix || undefined, ContinuationToken }))
        for (const o of res.Contents ?? []) {
          const name = (o.Key ?? '').slice(location.prefix.length)
          if (MEDIA_NAME.test(name) && o.LastModified && o.LastModified.getTime() < before) old.push(name)
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined
      } while (ContinuationToken)
      return old
    },
    async check() {
      // HeadBucket: reachable, credentials good, bucket there. Not a one-key listing: s3rver answers a truncated
      // ListObjectsV2 (MaxKeys=1 on a bucket of two objects) with 500, which took every instance out of rotation.
      await client.send(new HeadBucketCommand({ Bucket }))
    },
    close() {
      client.destroy()
    },
  }
}

/** The storage the configuration names: S3 with MEDIA_S3_URL, else the local media directory. */
export function createMediaStorage(config: { mediaDir: string; mediaS3Url?: string }): MediaStorage {
  return config.mediaS3Url ? s3MediaStorage(parseS3Url(config.mediaS3Url)) : localMediaStorage(config.mediaDir)
}
