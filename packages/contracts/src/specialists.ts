import { z } from 'zod';

/** The spec's texts for specialities, profiles and schedule descriptions, plus ours where it gives none. */
export const SPECIALIST_MESSAGES = {
  specialityNameRequired: 'Speciality name required',
  specialityExists: 'Speciality already exists',
  noSuchSpeciality: 'The speciality does not exist.',
  noSuchSpecialist: 'The specialist does not exist.',
  noSuchSite: 'Please choose sites from the list.',
  firstNameRequired: 'Please enter the first name.',
  lastNameRequired: 'Please enter the last name.',
  specialityRequired: 'Please select at least one speciality.',
  profileRequired: 'Please enter the profile.',
  feeTotalRequired: 'Please enter the fee total.',
  feeFormat: 'Digits with an optional decimal point only.',
  rebateAboveTotal: 'The Medicare rebate can not be more than the total.',
  scheduleLoadFailed: "Can't get schedule",
  scheduleUpdateFailed: "Can't update schedule",
  scheduleUpdated: 'Update schedule successfully',
  videoLinkFormat: 'The video link must be a web address (https://...).',
} as const;
const M = SPECIALIST_MESSAGES;

/** Why a used speciality stays (V-15). */
export function specialityInUseMessage(specialists: number, workflows: number): string {
  const parts = [
    specialists > 0 ? `${specialists} specialist${specialists === 1 ? '' : 's'}` : null,
    workflows > 0 ? `${workflows} workflow${workflows === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return `The speciality is used by ${parts.join(' and ')}; it can not be deleted.`;
}

/** The spec's list fields: lines, trimmed, blanks dropped (a text with newlines or a list both work). */
export const LinesSchema = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.length > 0),
);

/** An absolute http(s) address: the only kind of link the app shows as a link or sends to a patient. */
export function isWebAddress(link: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(link);
}

const FEE_PATTERN = /^\d+(\.\d+)?$/;
const feeAmount = z.string().trim().regex(FEE_PATTERN, M.feeFormat);
const optionalFeeAmount = z.string().trim().regex(FEE_PATTERN, M.feeFormat).or(z.literal('')).optional();

export const FeeSchema = z.object({ total: z.string(), outOfPocket: z.string(), medicareRebate: z.string() });
export type Fee = z.infer<typeof FeeSchema>;

/** A fee as the editor sends it: total required; out-of-pocket is total minus rebate when left empty. */
export const FeeInputSchema = z
  .object({
    total: z.string({ error: M.feeTotalRequired }).trim().min(1, M.feeTotalRequired).pipe(feeAmount),
    outOfPocket: optionalFeeAmount,
    medicareRebate: optionalFeeAmount,
  })
  .superRefine((fee, ctx) => {
    if (fee.medicareRebate && Number(fee.medicareRebate) > Number(fee.total)) {
      ctx.addIssue({ code: 'custom', path: ['medicareRebate'], message: M.rebateAboveTotal });
    }
  })
  .transform((fee): Fee => {
    const rebate = fee.medicareRebate || '0.00';
    const outOfPocket = fee.outOfPocket || (Number(fee.total) - Number(rebate)).toFixed(2);
    return { total: fee.total, outOfPocket, medicareRebate: rebate };
  });

const SiteIdsSchema = z.array(z.uuid(M.noSuchSite)).max(100).default([]);

// ---------------------------------------------------------------------------------------------
// Specialities

export const SpecialityRequestSchema = z.object({
  name: z
    .string({ error: M.specialityNameRequired })
    .trim()
    .min(1, M.specialityNameRequired)
    .max(100, 'The speciality name can be at most 100 characters.'),
  /** Site ids (V-15). */
  publishedTo: SiteIdsSchema,
});
export type SpecialityRequest = z.input<typeof SpecialityRequestSchema>;

export const SpecialitySchema = z.object({
  id: z.string(),
  name: z.string(),
  publishedTo: z.array(z.string()),
  /** How many specialists have it (a used speciality can not be deleted). */
  specialistCount: z.number().int(),
});
export type Speciality = z.infer<typeof SpecialitySchema>;
export const SpecialityListSchema = z.object({ specialities: z.array(SpecialitySchema) });
export const SpecialityIdParamsSchema = z.object({ id: z.uuid(M.noSuchSpeciality) });

// ---------------------------------------------------------------------------------------------
// The Specialists page

export const SpecialistCardSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** The profile's title (e.g. 'Consultant Cardiologist'). */
  profileTitle: z.string().nullable(),
  /** An image URL; the page shows initials when empty (V-15). */
  avatarLink: z.string().nullable(),
  specialities: z.array(z.string()),
  language: z.string().nullable(),
  qualification: z.string().nullable(),
  profile: z.array(z.string()),
  scheduleDescription: z.string().nullable(),
  newTime: z.number().int(),
  reviewTime: z.number().int(),
  timezone: z.string(),
});
export type SpecialistCard = z.infer<typeof SpecialistCardSchema>;

/** GET /api/admin/specialists/specialities: every speciality A-Z with its specialists' cards. */
export const SpecialitiesWithProfilesSchema = z.array(
  z.object({ id: z.string(), name: z.string(), specialistProfiles: z.array(SpecialistCardSchema) }),
);
export type SpecialitiesWithProfiles = z.infer<typeof SpecialitiesWithProfilesSchema>;

export const CONSULTATION_LENGTHS = ['NEW', 'REVIEW'] as const;

export const AvailableDatesQuerySchema = z.object({
  month: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'The month must be YYYYMM.'),
  /** NEW or REVIEW: each specialist's own length for it is the shortest free stretch that counts. */
  type: z.enum(CONSULTATION_LENGTHS, 'The type must be NEW or REVIEW.'),
  /** Only the specialists of this speciality; all active specialists when absent. */
  specialityId: z.uuid(M.noSuchSpeciality).optional(),
});
export type AvailableDatesQuery = z.input<typeof AvailableDatesQuerySchema>;

export const AvailableDatesSchema = z.object({
  month: z.string(),
  type: z.enum(CONSULTATION_LENGTHS),
  specialists: z.array(
    z.object({
      specialistId: z.string(),
      /** The length a free stretch must have (minutes). */
      durationMinutes: z.number().int(),
      /** Today or later, with a free slot at least that long (YYYY-MM-DD in `timezone`); private sessions left out. */
      dates: z.array(z.object({ date: z.string(), timezone: z.string() })),
    }),
  ),
});
export type AvailableDates = z.infer<typeof AvailableDatesSchema>;

// ---------------------------------------------------------------------------------------------
// Practitioner profile and schedule description

export const SpecialistIdParamsSchema = z.object({ id: z.uuid(M.noSuchSpecialist) });

const optionalText = z.string().trim().max(2000).nullable().optional();

export const ProfileRequestSchema = z.object({
  firstName: z.string({ error: M.firstNameRequired }).trim().min(1, M.firstNameRequired).max(100),
  lastName: z.string({ error: M.lastNameRequired }).trim().min(1, M.lastNameRequired).max(100),
  specialityIds: z.array(z.uuid(M.specialityRequired), M.specialityRequired).min(1, M.specialityRequired),
  title: optionalText,
  qualification: optionalText,
  language: optionalText,
  skills: LinesSchema.default([]),
  profile: LinesSchema.refine((lines) => lines.length > 0, M.profileRequired),
  avatarLink: z
    .string()
    .trim()
    .max(2000)
    .refine((link) => link === '' || /^(https?:\/\/|\/)/.test(link), 'The avatar must be an image address.')
    .nullable()
    .optional(),
  specialistRules: LinesSchema.default([]),
  publishedTo: SiteIdsSchema,
  initialFee: FeeInputSchema,
  reviewFee: FeeInputSchema,
  // Staff open it and patients get it by SMS ({videoLink}): only a web address, never javascript: or data:.
  videoLink: z
    .string()
    .trim()
    .max(2000)
    .refine((link) => link === '' || isWebAddress(link), M.videoLinkFormat)
    .nullable()
    .optional(),
  videoId: optionalText,
});
export type ProfileRequest = z.input<typeof ProfileRequestSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  specialityIds: z.array(z.string()),
  title: z.string().nullable(),
  qualification: z.string().nullable(),
  language: z.string().nullable(),
  skills: z.array(z.string()),
  profile: z.array(z.string()),
  avatarLink: z.string().nullable(),
  specialistRules: z.array(z.string()),
  publishedTo: z.array(z.string()),
  initialFee: FeeSchema.nullable(),
  reviewFee: FeeSchema.nullable(),
  videoLink: z.string().nullable(),
  videoId: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ScheduleDescriptionSchema = z.object({
  scheduleDescription: z.string().trim().max(2000),
});
export type ScheduleDescription = z.infer<typeof ScheduleDescriptionSchema>;
