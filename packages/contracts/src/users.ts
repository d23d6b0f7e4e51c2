import { z } from 'zod';
import { EMAIL_PATTERN, RoleSchema } from './auth.ts';
import { PAGE_SIZES } from './lists.ts';

export const AUSTRALIAN_TIMEZONES = [
  'Australia/Perth',
  'Australia/Eucla',
  'Australia/Adelaide',
  'Australia/Broken_Hill',
  'Australia/Darwin',
  'Australia/Brisbane',
  'Australia/Currie',
  'Australia/Hobart',
  'Australia/Lindeman',
  'Australia/Melbourne',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Antarctica/Macquarie',
] as const;

export const USER_FORM_MESSAGES = {
  passwordsDiffer: "Passwords doesn't match.",
  passwordTooShort: 'The password must be at least 6 characters.',
  referrerRequired: 'Please select a referrer for a GP.',
  clinicRequired: 'Please select a clinic for a clinic admin.',
  specialistRequired: 'Please select a specialist.',
  saveFailed: 'Ops! Something went wrong.',
} as const;

export const UserSummarySchema = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shortName: z.string(),
  role: RoleSchema,
  timezone: z.string(),
  disabled: z.boolean(),
  isSupervisor: z.boolean(),
  isITStaff: z.boolean(),
  /** Referrer id for GP, clinic id for CLINIC_ADMIN, specialist id for SPECIALIST. */
  coreplusId: z.string().nullable(),
  mfaEnrolled: z.boolean(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const UserPageQuerySchema = z.object({
  curr: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20, 30, 40 or 50.')
    .default(10),
  role: RoleSchema.optional(),
});
export const UserPageResponseSchema = z.object({
  rows: z.array(UserSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const UsersByRoleQuerySchema = z.object({
  role: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((r) => r.trim()) : []))
    .pipe(z.array(RoleSchema)),
});
/**
 * A member of staff as the coordinator and todo pickers show them, to every role that works the
 * lists: no e-mail, second-factor or account state, which only user management sees.
 */
export const StaffMemberSchema = UserSummarySchema.pick({
  uid: true,
  firstName: true,
  lastName: true,
  shortName: true,
  role: true,
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** The enabled staff of the roles asked for, IT staff left out (the spec's coordinator and assignee lists). */
export const UsersResponseSchema = z.object({ users: z.array(StaffMemberSchema) });

const required = (label: string) => z.string().trim().min(1, `${label} is required.`).max(200);

const UserFieldsSchema = z.object({
  email: z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Please enter a valid e-mail address.'),
  firstName: required('First name'),
  lastName: required('Last name'),
  shortName: z.string().trim().max(40).default(''),
  role: RoleSchema,
  timezone: z.enum(AUSTRALIAN_TIMEZONES, 'Timezone is required.'),
  disabled: z.boolean().default(false),
  isSupervisor: z.boolean().default(false),
  isITStaff: z.boolean().default(false),
  coreplusId: z.string().uuid().nullable().default(null),
  sendEmailToSpecialist: z.boolean().default(false),
});

function checkIdentity(user: z.infer<typeof UserFieldsSchema>, ctx: z.RefinementCtx) {
  const needs = {
    GP: 'referrerRequired',
    CLINIC_ADMIN: 'clinicRequired',
    SPECIALIST: 'specialistRequired',
  } as const;
  const need = needs[user.role as keyof typeof needs];
  if (need && !user.coreplusId)
    ctx.addIssue({ code: 'custom', path: ['coreplusId'], message: USER_FORM_MESSAGES[need] });
}

export const CreateUserRequestSchema = UserFieldsSchema.superRefine(checkIdentity);
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** Both password fields blank keeps the current password. */
export const UpdateUserRequestSchema = UserFieldsSchema.extend({
  password: z.string().max(200).default(''),
  confirmPassword: z.string().max(200).default(''),
}).superRefine((user, ctx) => {
  checkIdentity(user, ctx);
  if (!user.password && !user.confirmPassword) return;
  if (user.password !== user.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: USER_FORM_MESSAGES.passwordsDiffer });
  } else if (user.password.length < 6) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: USER_FORM_MESSAGES.passwordTooShort });
  }
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequestSchema>;

export const UserUidParamsSchema = z.object({ uid: z.string().uuid() });

export const ReferrerOptionSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  providerNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export const ClinicOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export const SpecialistOptionSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** The specialist's appointment length (minutes) for a NEW and for a REVIEW consultation. */
  newAppointmentMinutes: z.number().int(),
  reviewAppointmentMinutes: z.number().int(),
});

export const SiteOptionSchema = z.object({ id: z.string(), name: z.string(), state: z.string().nullable() });
