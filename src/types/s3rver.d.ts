// @20minutes/s3rver ships no types: the part the tests use (a local S3-compatible server).
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
