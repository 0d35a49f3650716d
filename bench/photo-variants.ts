// bench/photo-variants (`npx tsx bench/photo-variants.ts <photo>`): one photo through the upload's decodeImage,
// then every AVIF and WebP variant the pages offer (src/shared/media-variants.ts), with bytes and encode time
// (docs/decisions/033, addendum on photos).
import fs from 'node:fs'
import { decodeImage } from '../src/features/photos/photos.server'
import { makeVariant } from '../src/features/photos/variants.server'

async function main() {
  const src = process.argv[2]
  if (!src) throw new Error('usage: npx tsx bench/photo-variants.ts <photo>')
  const img = await decodeImage(fs.readFileSync(src))
  console.log(`${src}: ${img.width}x${img.height}; stored WebP full ${img.full.length} B, thumbnail ${img.thumb.length} B, blurred ${img.blurred.length} B`)
  const files = [['thumbnail', img.thumb, [160, 320]], ['full', img.full, [480, 800, 1200]], ['blurred', img.blurred, [160, 320]]] as const
  for (const [name, buf, widths] of files) {
    for (const width of widths) {
      for (const format of ['avif', 'webp'] as const) {
        const t = performance.now()
        const out = await makeVariant(buf, width, format)
        console.log(`${name} ${width} ${format}: ${out.length} B, ${Math.round(performance.now() - t)} ms`)
      }
    }
  }
}

void main()
