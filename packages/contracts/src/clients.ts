import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.ts';
import { ClientRecordSchema } from './workflow-detail.ts';

/** The client form's fixed lists (spec sections 5 and 9). */
export const CLIENT_TITLES = [
  'Asc Prof',
  'Dr',
  'Master',
  'Miss',
  'Mr',
  'Mrs',
  'Ms',
  'Prof',
  'Rev',
  'Sir',
] as const;
export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export const CLIENT_GENDERS = ['Female', 'Male'] as const;
export const CLIENT_CATEGORIES = ['1', '2', '3', 'RC'] as const;
export const EXPIRY_BY_MONTH_VALUES = [3, 12, 0] as const;
export const DEFAULT_COUNTRY = 'AUSTRALIA';
export const CLIENT_SEARCH_LIMIT = 20;
/** The earliest date of birth accepted; anything before is taken as a typing slip. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** The most characters each free-text client field takes (the API's limit and the form's maxLength). */
export const CLIENT_TEXT_LIMITS = {
  name: 100,
  clientGroupId: 50,
  email: 254,
  urn: 50,
  finNo: 50,
  streetAddress: 200,
  suburb: 100,
  country: 60,
  phone: 30,
  search: 100,
} as const;
const L = CLIENT_TEXT_LIMITS;

export const tooLongMessage = (max: number) => `Please use at most ${max} characters.`;

export const CLIENT_FORM_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  dateOfBirth: 'Please enter the date of birth as YYYY-MM-DD.',
  dateOfBirthInFuture: 'The date of birth can not be in the future.',
  dateOfBirthTooEarly: 'The date of birth can not be before 01/01/1900.',
  title: 'Please choose a title from the list.',
  gender: 'Please choose Female or Male.',
  category: 'Please choose a category: 1, 2, 3 or RC.',
  email: 'Please enter a valid e-mail address.',
  postcode: 'Please enter a 4-digit postcode.',
  state: 'Please choose a state from the list.',
  phone: 'Please use digits, spaces and + only.',
  site: 'Please choose a site from the list.',
  siteExcluded: 'Anywhere Healthcare can not be chosen as the site of a client.',
  caseManager: 'Please choose a case manager from the list.',
  date: 'Please enter the date as YYYY-MM-DD.',
  dateDoesNotExist: 'This date does not exist.',
  expiryBothChosen: 'Choose either an expiry date or an expiry by month, not both.',
  expiryBeforeStart: 'The expiry date can not be before the start date.',
  startDateRequired: 'Please enter the referral start date.',
  expiryByMonth: 'Please choose 3 months, 12 months or indefinite.',
  referrer: 'Please choose a referrer from the list.',
  clinic: 'Please choose a clinic from the list.',
  searchTooShort: 'Please enter at least 2 characters.',
} as const;
const M = CLIENT_FORM_MESSAGES;

/** The latest calendar day anywhere (UTC+14), so a birth "today" in Australia is never refused. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;
const looksLikeDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Free text; blank becomes null. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage(max))
    .nullable()
    .transform((v) => v || null);

/** One of a fixed list, or blank (null). */
const choice = <const T extends readonly string[]>(values: T, message: string) =>
  z
    .string()
    .trim()
    .nullable()
    .refine((v) => !v || values.includes(v), message)
    .transform((v) => (v || null) as T[number] | null);

const phone = z
  .string()
  .trim()
  .max(L.phone, tooLongMessage(L.phone))
  .regex(/^[+\d ]*$/, M.phone)
  .nullable()
  .transform((v) => v || null);

/** A YYYY-MM-DD calendar date, or blank (null). */
const optionalDate = z
  .string()
  .trim()
  .nullable()
  .refine((v) => !v || looksLikeDate(v), M.date)
  .refine((v) => !v || !looksLikeDate(v) || isCalendarDate(v), M.dateDoesNotExist)
  .transform((v) => v || null);

export const DateOfBirthSchema = z
  .string({ error: M.dateOfBirth })
  .trim()
  .refine(isCalendarDate, M.dateOfBirth)
  .refine((v) => !isCalendarDate(v) || v >= EARLIEST_DATE_OF_BIRTH, M.dateOfBirthTooEarly)
  .refine((v) => !isCalendarDate(v) || v <= latestToday(), M.dateOfBirthInFuture);

export const AddressInputSchema = z.object({
  country: z
    .string()
    .trim()
    .max(L.country, tooLongMessage(L.country))
    .nullable()
    .transform((v) => v || DEFAULT_COUNTRY)
    .default(DEFAULT_COUNTRY),
  streetAddress: text(L.streetAddress).default(null),
  suburb: text(L.suburb).default(null),
  postcode: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, M.postcode)
    .nullable()
    .transform((v) => v || null)
    .default(null),
  state: choice(AUSTRALIAN_STATES, M.state).default(null),
});
export type AddressInput = z.output<typeof AddressInputSchema>;

const EMPTY_ADDRESS = {
  country: DEFAULT_COUNTRY,
  streetAddress: null,
  suburb: null,
  postcode: null,
  state: null,
};

/** Every client-form field but the names and date of birth. */
const clientDetailFields = {
  title: choice(CLIENT_TITLES, M.title),
  gender: choice(CLIENT_GENDERS, M.gender),
  clientGroupId: text(L.clientGroupId),
  /** The case manager: a specialist id (GET /api/admin/specialists), or null. */
  practitionerId: z.uuid(M.caseManager).nullable(),
  email: z
    .string()
    .trim()
    .max(L.email, tooLongMessage(L.email))
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), M.email)
    .nullable()
    .transform((v) => v || null),
  /** The spec's ExternalId, shown as URN. */
  urn: text(L.urn),
  addressResidential: AddressInputSchema,
  addressPostal: AddressInputSchema,
  /** When true the postal address saved is a copy of the residential one. */
  postalSameAsResidential: z.boolean(),
  phoneNumberMobile: phone,
  phoneNumberHome: phone,
  phoneNumberWork: phone,
  phoneNumberFax: phone,
};

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(L.name, tooLongMessage(L.name));

const names = {
  firstName: name(M.firstNameRequired),
  lastName: name(M.lastNameRequired),
  dateOfBirth: DateOfBirthSchema,
};

/**
 * The edit form. Names and date of birth are required; any other field left out stays as it is.
 * `site` and `category` belong to the workflow being edited (they are not client fields).
 */
export const PatientFormSchema = z.object({
  ...names,
  title: clientDetailFields.title.optional(),
  gender: clientDetailFields.gender.optional(),
  clientGroupId: clientDetailFields.clientGroupId.optional(),
  practitionerId: clientDetailFields.practitionerId.optional(),
  email: clientDetailFields.email.optional(),
  urn: clientDetailFields.urn.optional(),
  addressResidential: AddressInputSchema.optional(),
  addressPostal: AddressInputSchema.optional(),
  postalSameAsResidential: z.boolean().optional(),
  phoneNumberMobile: phone.optional(),
  phoneNumberHome: phone.optional(),
  phoneNumberWork: phone.optional(),
  phoneNumberFax: phone.optional(),
  /** The workflow's site (GET /api/admin/sites or similar); 'Anywhere Healthcare' is refused. */
  site: z.uuid(M.site).nullable().optional(),
  category: choice(CLIENT_CATEGORIES, M.category).optional(),
  /** The workflow's FIN No. (the hospital's financial number, V-27); empty clears it. */
  finNo: z
    .string()
    .trim()
    .max(L.finNo, tooLongMessage(L.finNo))
    .nullable()
    .transform((v) => v || null)
    .optional(),
});
export type PatientForm = z.output<typeof PatientFormSchema>;

/** PATCH /api/admin/coreplus/patient */
export const UpdatePatientRequestSchema = z.object({
  /** The workflow being edited. */
  id: z.uuid(),
  clientId: z.uuid(),
  client: PatientFormSchema,
});
export type UpdatePatientRequest = z.input<typeof UpdatePatientRequestSchema>;

/** POST /api/admin/clients (settings/create-client): no category, referral, site, clinic or referrer. */
export const CreateClientRequestSchema = z.object({
  ...names,
  title: clientDetailFields.title.default(null),
  gender: clientDetailFields.gender.default(null),
  clientGroupId: clientDetailFields.clientGroupId.default(null),
  practitionerId: clientDetailFields.practitionerId.default(null),
  email: clientDetailFields.email.default(null),
  urn: clientDetailFields.urn.default(null),
  addressResidential: AddressInputSchema.default(EMPTY_ADDRESS),
  addressPostal: AddressInputSchema.default(EMPTY_ADDRESS),
  postalSameAsResidential: z.boolean().default(true),
  phoneNumberMobile: phone.default(null),
  phoneNumberHome: phone.default(null),
  phoneNumberWork: phone.default(null),
  phoneNumberFax: phone.default(null),
});
export type CreateClientRequest = z.input<typeof CreateClientRequestSchema>;

/** A client as saved: the workflow detail's ClientRecord plus the case manager (specialist id). */
export const ClientResponseSchema = ClientRecordSchema.extend({ practitionerId: z.string().nullable() });
export type ClientResponse = z.infer<typeof ClientResponseSchema>;

/** POST /api/admin/clients/search: the name travels in the body, never in a URL (the spec's GET form is not offered). */
export const ClientSearchRequestSchema = z.object({
  search: z
    .string({ error: M.searchTooShort })
    .trim()
    .min(2, M.searchTooShort)
    .max(L.search, tooLongMessage(L.search)),
});
export const ClientSearchResponseSchema = z.object({
  clients: z.array(
    z.object({
      clientId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string().nullable(),
      gender: z.string().nullable(),
      practitionerId: z.string().nullable(),
    }),
  ),
});
export type ClientSearchResponse = z.infer<typeof ClientSearchResponseSchema>;

/**
 * A referral's dates. Expiry date and expiry by month are mutually exclusive; by month 3 or 12
 * counts from the start date; 0 is indefinitely valid (end date 1900-01-01).
 */
export const ReferralDateSchema = z
  .object({
    startDate: optionalDate.default(null),
    expiredDate: optionalDate.default(null),
    expiredDateByMonth: z.literal(EXPIRY_BY_MONTH_VALUES, M.expiryByMonth).nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if (d.expiredDate && d.expiredDateByMonth !== null) {
      for (const path of ['expiredDate', 'expiredDateByMonth']) {
        ctx.addIssue({ code: 'custom', path: [path], message: M.expiryBothChosen });
      }
    }
    if (d.expiredDate && d.startDate && d.expiredDate < d.startDate) {
      ctx.addIssue({ code: 'custom', path: ['expiredDate'], message: M.expiryBeforeStart });
    }
    if ((d.expiredDateByMonth === 3 || d.expiredDateByMonth === 12) && !d.startDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: M.startDateRequired });
    }
  });
export type ReferralDate = z.output<typeof ReferralDateSchema>;

/** PATCH /api/admin/coreplus/referral (the workflow has no referral yet, or the referrer/clinic changes). */
export const UpdateReferralRequestSchema = z.object({
  /** The workflow. */
  id: z.uuid(),
  /** null creates a new referral for the workflow's client; an id updates that referral. */
  referralId: z.uuid().nullable().default(null),
  referralDate: ReferralDateSchema,
  clinic: z
    .object({ id: z.uuid(M.clinic) })
    .nullable()
    .default(null),
  referrer: z
    .object({ id: z.uuid(M.referrer) })
    .nullable()
    .default(null),
});
export type UpdateReferralRequest = z.input<typeof UpdateReferralRequestSchema>;

/** PATCH /api/admin/coreplus/referral-date (the workflow has a referral). */
export const UpdateReferralDateRequestSchema = z.object({
  id: z.uuid(),
  referralId: z.uuid(),
  referralDate: ReferralDateSchema,
});
export type UpdateReferralDateRequest = z.input<typeof UpdateReferralDateRequestSchema>;

export const ReferralSummarySchema = z.object({
  id: z.string(),
  clientId: z.string(),
  startDate: z.string().nullable(),
  expiredDate: z.string().nullable(),
  expiredDateByMonth: z.number().int().nullable(),
  /** 1900-01-01 means indefinitely valid. */
  endDate: z.string().nullable(),
  referrer: z.object({ id: z.string(), name: z.string(), providerNumber: z.string().nullable() }).nullable(),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The workflows whose copies were updated. */
  workflowIds: z.array(z.string()),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;

/** GET /api/admin/coreplus/referrer-location?referrerId&clinicId: the referrer's location at that clinic. */
export const ReferrerLocationQuerySchema = z.object({ referrerId: z.uuid(), clinicId: z.uuid() });
export const ReferrerLocationResponseSchema = z.object({
  referrerLocations: z.array(
    z.object({ id: z.string(), providerNumber: z.string().nullable(), email: z.string().nullable() }),
  ),
});
export type ReferrerLocationResponse = z.infer<typeof ReferrerLocationResponseSchema>;
