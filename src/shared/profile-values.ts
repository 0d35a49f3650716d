// The values of the profile fields of SPEC.md section 3; their labels are in locales (common.profile.*).
export const PROFILE_VALUES = {
  gender: ['male', 'female'],
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  hair_colour: ['blond', 'brown', 'black', 'red', 'grey', 'bald'],
  eye_colour: ['blue', 'brown', 'green', 'grey', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'large'],
  relationship_status: ['single', 'divorced', 'widowed', 'relationship', 'married'],
  tattoos: ['none', 'some', 'many'],
} as const
export type ProfileValueField = keyof typeof PROFILE_VALUES
