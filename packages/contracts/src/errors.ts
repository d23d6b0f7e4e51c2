import { z } from 'zod';

export const ErrorCode = {
  validation: 'VALIDATION_FAILED',
  /** A request body nested deeper than any request needs (plugins/text-input.ts). */
  nestedTooDeep: 'NESTED_TOO_DEEP',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  /** A state-changing request sent by a page of another site (its Origin header says so). */
  crossSiteRequest: 'CROSS_SITE_REQUEST',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** The chosen SMS template set id names no set (or is not an id). */
  smsTemplateSetNotFound: 'SMS_TEMPLATE_SET_NOT_FOUND',
  /** An appointment request that was approved already. */
  alreadyApproved: 'ALREADY_APPROVED',
  /** The workflow already has a booked appointment. */
  alreadyBooked: 'ALREADY_BOOKED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountDisabled: 'ACCOUNT_DISABLED',
  roleNotAllowed: 'ROLE_NOT_ALLOWED',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  countryNotAllowed: 'COUNTRY_NOT_ALLOWED',
  mfaRequired: 'MFA_REQUIRED',
  resendLocked: 'RESEND_LOCKED',
  codeInvalid: 'CODE_INVALID',
  codeExpired: 'CODE_EXPIRED',
  linkInvalid: 'LINK_INVALID',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** Adding or replacing a second factor needs a fresh code from the one already enrolled. */
  factorCheckRequired: 'FACTOR_CHECK_REQUIRED',
  sendFailed: 'SEND_FAILED',
  /** An uploaded file over the size limit. */
  fileTooLarge: 'FILE_TOO_LARGE',
  internal: 'INTERNAL',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** The server is busy (a full connection pool, no turn to write); the database is up. */
  busy: 'SERVER_BUSY',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
