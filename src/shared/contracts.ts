// The API's request contracts: the server validates with them, the client types from them.
import { z } from 'zod'
import { PROFILE_VALUES } from './profile-values'

const email = z.string().trim().max(254).pipe(z.email({ message: 'validation.email_invalid' }))

export const complaintRequest = z.object({
  name: z.string().trim().min(1).max(100),
  email,
  subject: z.string().trim().min(1).max(150),
  message: z.string().trim().min(1).max(5000),
  profile_url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), { message: 'validation.url_invalid' })
    .optional(),
})
export type ComplaintRequest = z.infer<typeof complaintRequest>

/** How long the member waits at most for a reply to a complaint: the complaints page, the receipt and the information pages. */
export const COMPLAINT_HANDLING_DAYS = 14

/** reference: the number the member and support quote (K<year>-<id>). */
export const complaintResponse = z.object({ id: z.number(), reference: z.string(), email: z.string() })

/** The logged-in user of SPEC.md section 3 (GET/POST/PUT /api/user.php answer { user }). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(['active', 'not_confirmed', 'deleted', 'disabled']),
  credits: z.number(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.string(),
  fictional_icon: z.boolean(),
  notifications_disabled: z.array(z.enum(['fbl', 'bounce', 'listunsubscribe'])),
  /**
   * Present (true) only while a chat operator's vulnerable mark stands (decision 037 addendum): the chats with
   * fictional profiles warn plainly that staff answer them, and paid messages to them are refused.
   */
  vulnerable: z.literal(true).optional(),
  profile: z
    .object({
      id: z.number(),
      name: z.string(),
      country: z.string(),
      status: z.enum(['active', 'disabled']),
      main_image: z.object({ filename: z.string(), thumb_filename: z.string(), status: z.string() }).nullable(),
    })
    .nullable(),
})
export type PresentedUser = z.infer<typeof userSchema>
export const userResponse = z.object({ user: userSchema })

/** Tracking data of the landing address (SPEC.md section 3), kept with the account. */
export const trackingSchema = z
  .object({
    network: z.string().trim().max(100).optional(),
    ref: z.string().trim().max(100).optional(),
    sub1: z.string().trim().max(200).optional(),
    sub2: z.string().trim().max(200).optional(),
    sub3: z.string().trim().max(200).optional(),
    /** The traffic source's click id, handed back in its postbacks. */
    clickid: z.string().trim().max(200).optional(),
  })
  .partial()
export type Tracking = z.infer<typeof trackingSchema>

/** A member's discount code, with the fields of SPEC.md section 3 (validity: days it is valid from its creation). */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().nullable(),
  status: z.string(),
  validity: z.number().nullable(),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()).nullable(),
})
export type DiscountCode = z.infer<typeof discountCodeSchema>
export const NOTIFICATION_TYPES = ['email_messages', 'email_likes', 'email_matches', 'email_newsletter'] as const
export const DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const
export const notificationSettingsSchema = z.object({
  email_messages: z.boolean(),
  email_likes: z.boolean(),
  email_matches: z.boolean(),
  email_newsletter: z.boolean(),
  push: z.boolean(),
  invisible: z.boolean(),
  disabled_reasons: z.array(z.enum(DISABLED_REASONS)),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>
export const updateNotificationsRequest = notificationSettingsSchema.omit({ disabled_reasons: true }).partial()
/** Bounce and spam-complaint reports of the mail provider. */
export const mailEventRequest = z.object({ email: z.string().max(254), type: z.enum(['bounce', 'complaint']) })

export const photoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  thumb_filename: z.string(),
  visibility: z.enum(['public', 'private']),
  status: z.enum(['pending', 'active']),
  main: z.boolean(),
})
export type OwnPhoto = z.infer<typeof photoSchema>
export const photosResponse = z.object({ photos: z.array(photoSchema), limit: z.number() })
export const photoIdRequest = z.object({ id: z.coerce.number().int().positive() })
export const reviewPhotoRequest = z.object({ id: z.number().int().positive(), action: z.enum(['approve', 'reject']) })

const pv = <K extends keyof typeof PROFILE_VALUES>(k: K) => z.enum(PROFILE_VALUES[k] as unknown as [string, ...string[]])
/** The member's own profile (GET /api/profile.php) and its changes (PUT, every field optional). */
export const ownProfileSchema = z.object({
  name: z.string().trim().min(2).max(60),
  gender: pv('gender').nullable(),
  sexuality: pv('sexuality').nullable(),
  hair_colour: pv('hair_colour').nullable(),
  eye_colour: pv('eye_colour').nullable(),
  body_type: pv('body_type').nullable(),
  relationship_status: pv('relationship_status').nullable(),
  tattoos: pv('tattoos').nullable(),
  interests: z.array(z.string().max(40)).max(20),
  country: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().max(10).nullable(),
  city: z.string().trim().max(80).nullable(),
  about: z.string().trim().max(2000).nullable(),
  looking_for: z.string().trim().max(1000).nullable(),
})
export type OwnProfile = z.infer<typeof ownProfileSchema>
export const updateProfileRequest = ownProfileSchema.partial()

export const geocodeRequest = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) })
