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

/** Texts of the sign-in, second-factor and reset flows (the spec's where it has one). */
export const AUTH_MESSAGES = {
  /** A resend of the sign-in code failed (AA §8). */
  resendFailed: 'Failed to send the verification code. Please try again',
  /** The periodic login-status check failed (AA §8). */
  loginStatusFailed: 'Can not check user status',
  invalidCredentials: 'The e-mail address or password is incorrect.',
  disabled: 'Your account has been disabled, please contact your telecare manager to get access!',
  notAdmin: 'You are not telecare admin, please contact your telecare manager to get access!',
  notInAustralia: 'Sorry, our services are currently available only within Australia.',
  tooManyAttempts: 'Sorry, too many attempts, please try again later.',
  mfaSessionExpired: 'Session expired, please refresh your browser.',
  mfaRequired: 'Please complete the second sign-in step.',
  enrolFailed: 'Failed to enroll MFA.',
  enrolSendFailed: 'failed to send verification code',
  verifySendFailed: 'Failed to send verify code to your phone...',
  verifyFailed: 'Failed to login, your phone verify failed...',
  verifyEmailFailed: 'Failed to send verify email...',
  codeSent: 'The verification code has been sent to your mobile phone, please check',
  codeExpired: 'The verification code has expired, please request a new one.',
  resendLocked: 'Please wait 20 seconds before requesting another code.',
  emailNotVerified: 'Please verify your e-mail address first.',
  factorAlreadyEnrolled:
    'Two-step verification is already set up for this account. Please sign in with it to change it.',
  factorCheckRequired: 'Please confirm a code from your current two-step verification before changing it.',
  verificationEmailSent:
    'A verification e-mail has been sent. Please open the link in it to continue; if you cannot find it, please check your spam folder.',
  resetSent:
    'If an account exists for that address, we have sent instructions to reset your password. Please check your inbox and your spam folder.',
  resetLinkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. You can now sign in with it.',
  signedIn: 'Sign In Successfully!',
} as const;

export const MfaMethodSchema = z.enum(['sms', 'totp']);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;

/** Where a signed-in-with-password user stands with the second factor. */
export const MfaStatusSchema = z.object({
  next: z.enum(['mfa-enroll', 'mfa-verify']),
  email: z.string(),
  emailVerified: z.boolean(),
  smsEnrolled: z.boolean(),
  totpEnrolled: z.boolean(),
  /** The enrolled phone with all but the last three digits hidden, e.g. '+61 4** *** 678'. */
  phoneHint: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** The password step answers with the second-factor step to take; the token works once that is done. */
export const SignInResponseSchema = z.object({ mfa: MfaStatusSchema, token: z.string() });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const CodeSentResponseSchema = z.object({
  message: z.string(),
  /** ISO instant before which another code cannot be requested (20 s lock). */
  resendAvailableAt: z.string(),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponseSchema>;

export const PHONE_MESSAGES = {
  empty: 'Phone number can not be empty',
  invalid: "Please input a valid phone number(without '0' prefix)",
} as const;

/** An Australian mobile as typed after +61: 4 then 8 digits, no leading 0 (spaces allowed). */
export const AustralianMobileSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: PHONE_MESSAGES.empty, abort: true })
      .regex(/^4\d{8}$/, PHONE_MESSAGES.invalid),
  );

export const SmsEnrolSendRequestSchema = z.object({ phoneNumber: AustralianMobileSchema });

export const EnrolCodeRequestSchema = z.object({
  code: z.string().trim().min(1, 'Verification Code is not empty').max(12),
});
export const VerifyCodeRequestSchema = z.object({
  method: MfaMethodSchema,
  code: z.string().trim().min(1, 'Please input your verify code').max(12),
});

export const TotpEnrolStartResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });

export const SignedInResponseSchema = z.object({ user: SessionUserSchema });

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PasswordResetRequestSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid e-mail address.'),
});
export const PasswordResetCompleteSchema = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(6, 'The password must be at least 6 characters.').max(200),
});

export const MeResponseSchema = z.object({ user: SessionUserSchema, idleMinutes: z.number().int() });
