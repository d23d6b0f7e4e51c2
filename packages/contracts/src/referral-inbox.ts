import { z } from 'zod';

/** The name shown for "no speciality chosen at upload" (AA §2 filter). */
export const UNIDENTIFIED_SPECIALITY = 'Unidentified';

export const ReferralInboxText = {
  duplicateClient: 'The client is duplicated, please check in coreplus.',
  clientOrReferralMissing: 'The client or referral is not existing in Coreplus.',
  fileNotFound: "The file doesn't exist",
  fileIdEmpty: 'The file id can not be empty',
  letterIdMissing: 'Referral letter id is not exist.',
  saved: 'All Set!',
  noData: 'No Data',
} as const;

const text = (max = 200) => z.string().trim().max(max).default('');
/** A date PostgreSQL can store and a letter can mean: 1900-01-01 (indefinitely valid) onwards. */
const day = z
  .union([
    z.literal(''),
    z.iso
      .date()
      .refine((v) => v >= '1900-01-01' && v <= '2999-12-31', 'Please enter a date from 01/01/1900.'),
  ])
  .default('');

export const RawReferralFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  /** The name as listed: the unique-id suffix stripped, 'Refferal' shown as 'Referral'. */
  displayName: z.string(),
  specialityName: z.string().nullable(),
  contentType: z.string(),
  receivedAt: z.string(),
  extractionStatus: z.enum(['pending', 'done', 'failed']),
});
export type RawReferralFile = z.infer<typeof RawReferralFileSchema>;

export const RawReferralListQuerySchema = z.object({
  /** Speciality names, and 'Unidentified' for files without one; none = all. */
  speciality: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const RawReferralListResponseSchema = z.object({
  rows: z.array(RawReferralFileSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** The speciality names to choose from (upload and filter). */
  specialities: z.array(z.string()),
});

export const RawReferralFileContentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  /** The file's bytes, base64 (AA §7). */
  body: z.string(),
});

const AddressSchema = z.object({
  streetAddress: text(),
  suburb: text(100),
  postcode: z.union([z.literal(''), z.string().regex(/^\d{4}$/)]).default(''),
  state: text(10),
});

/** The incoming referral draft (AA §3), as the form edits it and Save sends it. */
export const ReferralDraftSchema = z.object({
  client: z
    .object({
      id: z.uuid().nullable().default(null),
      firstName: text(100),
      lastName: text(100),
      dateOfBirth: day,
      email: z.union([z.literal(''), z.email().max(200)]).default(''),
      phoneNumberHome: text(30),
      phoneNumberMobile: text(30),
      dvaCardNumber: text(30),
      medicareCardNumber: text(20),
      medicareCardIRN: text(2),
      /** ExternalId, shown as URN. */
      urn: text(50),
      addressResidential: AddressSchema.prefault({}),
    })
    .nullable()
    .default(null),
  category: z.enum(['', '1', '2', '3', 'RC']).default(''),
  location: z.object({ locationId: z.uuid(), name: z.string() }).nullable().default(null),
  clinic: z
    .object({
      id: z.uuid().nullable().default(null),
      name: text(),
      street: text(),
      suburb: text(100),
      postcode: text(10),
      state: text(10),
      email: text(),
      phone: text(30),
      fax: text(30),
    })
    .nullable()
    .default(null),
  referrer: z
    .object({
      id: z.uuid().nullable().default(null),
      title: text(20),
      firstName: text(100),
      lastName: text(100),
      providerNumber: text(20),
      phone: text(30),
      mobile: text(30),
      email: text(),
      fax: text(30),
    })
    .nullable()
    .default(null),
  referral: z
    .object({
      /** The practitioner (specialist) the referral is to. */
      practitionerId: z.uuid().nullable().default(null),
      startDate: day,
      expiredDate: day,
      /** 3, 12, or 0 for indefinite; null when an expiry date is given. */
      expiredDateByMonth: z
        .union([z.literal(0), z.literal(3), z.literal(12)])
        .nullable()
        .default(null),
    })
    .nullable()
    .default(null),
  letterFile: z
    .object({ id: z.string().max(100), name: z.string().max(300) })
    .nullable()
    .default(null),
  weeksToAppointment: z.number().int().min(0).max(520).default(0),
});
export type ReferralDraft = z.infer<typeof ReferralDraftSchema>;

export const RawReferralDraftResponseSchema = z.object({
  file: RawReferralFileSchema,
  draft: ReferralDraftSchema,
  /** 'Existing' when a client with the same names and date of birth, or Medicare number, exists. */
  clientExisting: z.enum(['Existing', '']),
});

export const SaveIncomingReferralSchema = z.object({ referral: ReferralDraftSchema });
export const IncomingReferralIdSchema = z.object({ id: z.uuid() });
export const CreateWorkflowFromReferralSchema = z.object({ incomingReferralId: z.string().max(100) });
export const CreateRWorkflowSchema = z.object({ incomingReferralRId: z.string().max(100) });
export const CreatedWorkflowSchema = z.object({ workflowId: z.uuid(), message: z.string() });

/** GET /api/admin/coreplus/clinic?search= and /referrer?search=[&clinicId=]: the intake draft's lookups. */
export const DIRECTORY_SEARCH_LIMIT = 20;
export const ClinicSearchQuerySchema = z.object({ search: z.string().trim().max(100).default('') });
export const ReferrerSearchQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  /** Only referrers practising at this clinic, with the provider number of that location. */
  clinicId: z.uuid().optional(),
});
export const ClinicMatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  state: z.string(),
  email: z.string(),
  phone: z.string(),
  fax: z.string(),
});
export type ClinicMatch = z.infer<typeof ClinicMatchSchema>;
export const ReferrerMatchSchema = z.object({
  id: z.string(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The location's provider number when a clinic was given, else the referrer's own. */
  providerNumber: z.string(),
  phone: z.string(),
  mobile: z.string(),
  email: z.string(),
  fax: z.string(),
});
export type ReferrerMatch = z.infer<typeof ReferrerMatchSchema>;
export const ClinicSearchResponseSchema = z.object({ clinics: z.array(ClinicMatchSchema) });
export const ReferrerSearchResponseSchema = z.object({ referrers: z.array(ReferrerMatchSchema) });
