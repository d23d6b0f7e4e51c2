import { z } from 'zod';

export const RoleSchema = z.enum([
  'TELECARE_ADMIN',
  'GP',
  'CLINIC_ADMIN',
  'TELECARE_IT',
  'SPECIALIST',
  'TELECARE_SUPERVISOR',
]);
export type Role = z.infer<typeof RoleSchema>;

export const SignInRequestSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required.').max(254),
  password: z.string().min(1, 'Password is required.').max(200),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shortName: z.string(),
  role: RoleSchema,
  isSupervisor: z.boolean(),
  isITStaff: z.boolean(),
  timezone: z.string(),
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SignInResponseSchema = z.object({ user: SessionUserSchema, token: z.string() });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema });
