// The general Dutch site (niche 1). One file per brand: see README "How to add a tenant".
import { defineTenant } from '../src/shared/tenant-schema'

export default defineTenant({
  id: 'datingstad',
  domains: ['datingstad.nl', 'www.datingstad.nl'],
  pool: 'main',
  niche: 1,
  company_id: 'lowlands-media',
  name: 'Datingstad',
  mail_name: 'Datingstad',
  default_locale: 'nl',
  countries: { NL: ['nl'] },
  index_title: { nl: 'Gratis daten en chatten in Nederland', en: 'Free dating and chat in the Netherlands' },
  description: {
    nl: 'Datingstad is de plek om singles uit jouw buurt te ontmoeten. Meld je gratis aan, zoek, like en chat.',
    en: 'Datingstad is where you meet singles near you. Sign up for free, search, like and chat.',
  },
  pitch: {
    headline: { nl: 'Ontmoet singles in jouw stad', en: 'Meet singles in your city' },
    body: {
      nl: 'Duizenden Nederlanders zoeken een date, een goed gesprek of meer. Maak gratis een profiel aan en ontdek wie er bij jou in de buurt woont.',
      en: 'Thousands of Dutch singles are looking for a date, a good talk or more. Create a free profile and discover who lives near you.',
    },
    cta: { nl: 'Gratis aanmelden', en: 'Sign up for free' },
  },
  support_email: 'support@datingstad.nl',
  company: {
    name: 'Lowlands Media B.V.',
    address: 'Keizersgracht 123',
    zip: '1015 CJ',
    city: 'Amsterdam',
    country: 'NL',
    kvk: '81234567',
    tradenames: ['Datingstad', 'RijpeDates', 'EuroFlirt'],
    vat_numbers: ['NL862345678B01'],
    support_phone: '020-123 45 67',
    delete_discount: 50,
    added: '2022-05-01',
  },
  theme: { primary: '#e2165b', secondary: '#ffb300', heroImage: 'city' },
  cdn_prefix: '',
  credits: {
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 25,
    signup_credits: 20,
    minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } },
  },
  payments: {
    bundles: [
      { id: 'starter', credits: 50, prices: { NL: { amount_cents: 1250, currency: 'EUR' } } },
      { id: 'popular', credits: 120, prices: { NL: { amount_cents: 2750, currency: 'EUR' } }, highlighted: true },
      { id: 'value', credits: 250, prices: { NL: { amount_cents: 5250, currency: 'EUR' } } },
      { id: 'deluxe', credits: 500, prices: { NL: { amount_cents: 9500, currency: 'EUR' } } },
    ],
    premium_bundle: 'popular',
    methods: { NL: ['ideal', 'creditcard', 'paypal', 'applepay', 'sdd', 'sct'] },
    direct_debit_limit_cents: 15000,
  },
  message_length: 1000,
  refund_days: 14,
  features: {
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    enable_site_entry_popup: true,
    site_entry_countries: ['NL', 'DE'],
    member_resell: false,
    us_footer: true,
  },
  fictional: {
    singular: { nl: 'Fictief profiel', en: 'Fictional profile' },
    plural: { nl: 'Fictieve profielen', en: 'Fictional profiles' },
    warning: {
      nl: 'Dit profiel is fictief. Fysiek contact met dit profiel is niet mogelijk.',
      en: 'This profile is fictional. Physical contact with this profile is not possible.',
    },
  },
  visible_profile_fields: ['age', 'gender', 'sexuality', 'country', 'region', 'city', 'hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'interests'],
  visible_profile_notes: ['about', 'looking_for'],
  search_fields: ['gender', 'country', 'region', 'age'],
  interests: ['travel', 'cooking', 'music', 'movies', 'sports', 'fitness', 'reading', 'dancing', 'nature', 'animals', 'photography', 'art', 'gaming', 'wine', 'cycling', 'beach', 'festivals', 'fashion', 'gardening', 'theatre'],
  extra_pages: {
    'veilig-daten': {
      title: { nl: 'Veilig daten', en: 'Dating safely' },
      body: {
        nl: 'Spreek de eerste keer af op een openbare plek, vertel een vriend of vriendin waar je bent en deel nooit je bankgegevens. Vertrouw je iets niet? Meld het via onze klachtenpagina.',
        en: 'Meet in a public place the first time, tell a friend where you are and never share your bank details. Something feels wrong? Report it through our complaints page.',
      },
    },
  },
})
