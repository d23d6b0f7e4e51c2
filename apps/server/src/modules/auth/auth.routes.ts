import {
  CodeSentResponseSchema,
  EnrolCodeRequestSchema,
  MeResponseSchema,
  MessageResponseSchema,
  MfaStatusSchema,
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  SignedInResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SmsEnrolSendRequestSchema,
  TotpEnrolStartResponseSchema,
  VerifyCodeRequestSchema,
} from '@telecare/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, originOf, requireAuth, setSessionCookie } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';
import type { MfaService } from './mfa.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const tags = ['auth'];

export function authRoutes(deps: {
  auth: AuthService;
  mfa: MfaService;
  passwordReset: PasswordResetService;
  cookieSecure: boolean;
}): FastifyPluginAsyncZod {
  const { auth, mfa, passwordReset, cookieSecure } = deps;
  return async (app) => {
    app.post(
      '/api/auth/sign-in',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The password step; the session it opens only reaches the second-factor endpoints.',
          body: SignInRequestSchema,
          response: { 200: SignInResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.signIn(request.body, originOf(request));
        setSessionCookie(reply, result.token, cookieSecure);
        return result;
      },
    );

    app.post(
      '/api/auth/sign-out',
      { config: { access: 'mfa-pending' }, schema: { tags, response: { 204: z.null() } } },
      async (request, reply) => {
        await auth.signOut(requireAuth(request), originOf(request));
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      { config: { access: 'signed-in' }, schema: { tags, response: { 200: MeResponseSchema } } },
      async (request) => ({ user: requireAuth(request).user, idleMinutes: auth.idleMinutes }),
    );

    app.get(
      '/api/auth/mfa/status',
      { config: { access: 'mfa-pending' }, schema: { tags, response: { 200: MfaStatusSchema } } },
      async (request) => mfa.status(requireAuth(request)),
    );

    app.post(
      '/api/auth/mfa/email-verification',
      { config: { access: 'mfa-pending' }, schema: { tags, response: { 200: MessageResponseSchema } } },
      async (request) => mfa.sendEmailVerification(requireAuth(request), originOf(request)),
    );

    app.get(
      '/api/auth/verify-email',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The link in the verification e-mail; redirects to /mfa-enroll.',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const verified = request.query.token
          ? await mfa.verifyEmail(request.query.token, originOf(request))
          : false;
        return reply.redirect(verified ? '/mfa-enroll?emailVerified=1' : '/mfa-enroll?emailVerified=0');
      },
    );

    app.post(
      '/api/auth/mfa/sms/enroll/send',
      {
        config: { access: 'mfa-pending' },
        schema: { tags, body: SmsEnrolSendRequestSchema, response: { 200: CodeSentResponseSchema } },
      },
      async (request) => mfa.sendEnrolCode(requireAuth(request), originOf(request), request.body.phoneNumber),
    );

    app.post(
      '/api/auth/mfa/sms/enroll/confirm',
      {
        config: { access: 'mfa-pending' },
        schema: { tags, body: EnrolCodeRequestSchema, response: { 200: SignedInResponseSchema } },
      },
      async (request) => mfa.confirmEnrolCode(requireAuth(request), originOf(request), request.body.code),
    );

    app.post(
      '/api/auth/mfa/sms/send',
      { config: { access: 'mfa-pending' }, schema: { tags, response: { 200: CodeSentResponseSchema } } },
      async (request) => mfa.sendSignInCode(requireAuth(request), originOf(request)),
    );

    app.post(
      '/api/auth/mfa/verify',
      {
        config: { access: 'mfa-pending' },
        schema: { tags, body: VerifyCodeRequestSchema, response: { 200: SignedInResponseSchema } },
      },
      async (request) =>
        mfa.verify(requireAuth(request), originOf(request), request.body.method, request.body.code),
    );

    app.post(
      '/api/auth/mfa/totp/enroll/start',
      {
        config: { access: 'mfa-pending' },
        schema: { tags, response: { 200: TotpEnrolStartResponseSchema } },
      },
      async (request) => mfa.startTotpEnrol(requireAuth(request)),
    );

    app.post(
      '/api/auth/mfa/totp/enroll/confirm',
      {
        config: { access: 'mfa-pending' },
        schema: { tags, body: EnrolCodeRequestSchema, response: { 200: SignedInResponseSchema } },
      },
      async (request) => mfa.confirmTotpEnrol(requireAuth(request), originOf(request), request.body.code),
    );

    app.post(
      '/api/auth/password-reset',
      {
        config: { access: 'public' },
        schema: { tags, body: PasswordResetRequestSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => passwordReset.request(request.body.email, originOf(request)),
    );

    app.post(
      '/api/auth/password-reset/complete',
      {
        config: { access: 'public' },
        schema: { tags, body: PasswordResetCompleteSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => passwordReset.complete(request.body.token, request.body.password, originOf(request)),
    );
  };
}
