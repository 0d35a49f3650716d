// The member's own photos and the staff review, one definition per endpoint (docs/decisions/016-endpoint-contracts.md).
// Handlers: routes.server.ts. Behaviour: docs/decisions/007-photos.md.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { photoIdRequest, photosResponse, reviewPhotoRequest } from '../../shared/contracts'

export const ownPhotosEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/photos.php',
  summary: 'The own photos (under review ones too) and the limit of the member',
  session: 'member',
  response: photosResponse,
  errors: [],
})

export const uploadPhotoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/photos.php',
  summary: 'Upload a photo (multipart/form-data: one file, field visibility public|private); answers 201 with the own photos',
  session: 'member',
  response: photosResponse,
  errors: ['too_many_photos', 'not_an_image', 'too_large'],
})

export const mainPhotoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/photos-main.php',
  summary: 'Make a photo the main one',
  session: 'member',
  body: photoIdRequest,
  response: photosResponse,
  errors: ['not_found'],
})

export const deletePhotoEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/photos.php',
  summary: 'Delete an own photo',
  session: 'member',
  query: photoIdRequest,
  response: photosResponse,
  errors: ['not_found'],
})

export const pendingPhotoSchema = z.object({
  id: z.number(),
  /** The member's profile name (null before the profile exists). */
  name: z.string().nullable(),
  email: z.string(),
  visibility: z.string(),
  filename: z.string(),
  /** ISO time of the upload. */
  created_at: z.string(),
})

export const pendingPhotosEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/photos.php',
  summary: 'Photos under review in the staff member\'s pool',
  session: 'staff',
  staffAction: 'photos.review',
  response: z.object({ photos: z.array(pendingPhotoSchema) }),
  errors: [],
})

export const reviewPhotoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/photos.php',
  summary: 'Approve or reject a photo under review',
  session: 'staff',
  staffAction: 'photos.review',
  body: reviewPhotoRequest,
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
})
