// jsdom has no TextEncoder, which react-router needs when it loads: import this module before such components.
import { TextDecoder, TextEncoder } from 'node:util'

Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder })
