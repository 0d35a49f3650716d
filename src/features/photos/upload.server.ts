// The one image of a multipart message upload (a member's chat photo, an operator's reply as a fictional profile):
// read within the upload limit and decoded, or refused with the localized 413 too_large / 400 not_an_image.
import type { FastifyRequest } from 'fastify'
import { ApiError } from '../../shared/api-errors'
import { decodeImage, MAX_UPLOAD_BYTES, type DecodedImage } from './photos.server'

export async function readUploadedImage(req: FastifyRequest): Promise<DecodedImage> {
  const { t } = req.ctx
  const file = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES } })
  if (!file) throw new ApiError(400, 'not_an_image', t('photos.not_an_image'))
  let input: Buffer
  try {
    input = await file.toBuffer()
  } catch {
    throw new ApiError(413, 'too_large', t('photos.too_large'))
  }
  try {
    return await decodeImage(input)
  } catch {
    throw new ApiError(400, 'not_an_image', t('photos.not_an_image'))
  }
}
