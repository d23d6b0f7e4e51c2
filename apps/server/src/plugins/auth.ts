import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { hasPermission, type Permission } from '@telecare/domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'tc_session';

/**
 * Every API route names who may call it: anyone; a session still at its second sign-in step;
 * any signed-in staff member; a supervisor (the user flag); or a role permission.
 */
export type RouteAccess = 'public' | 'mfa-pending' | 'signed-in' | 'supervisor' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false for long-lived streams, which must not count as the user's activity. */
    keepsSessionAlive?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    apiRoutes: { method: string; url: string; access: RouteAccess }[];
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function originOf(request: FastifyRequest) {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.unauthenticated, 'Please sign in.');
  return request.auth;
}

/** Deny by default: an /api route without declared access stops the server from starting. */
export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('auth', null);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access; every API route must.`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access: route.config.access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const { access, keepsSessionAlive = true } = request.routeOptions.config ?? {};
    if (!access || access === 'public') return;
    await checkAccess(auth, request, access, { touch: keepsSessionAlive });
  });
}

/**
 * Resolves the request's session into `request.auth` and checks it against `access`: 401 without
 * a live session or before the second factor (unless `mfa-pending` is enough), 403 without the
 * permission, and that refusal is audited.
 */
export async function checkAccess(
  auth: AuthService,
  request: FastifyRequest,
  access: Exclude<RouteAccess, 'public'>,
  options: { touch: boolean },
) {
  const token = tokenOf(request);
  request.auth = token ? await auth.resolveSession(token, options) : null;
  if (!request.auth)
    throw new AppError(ErrorCode.unauthenticated, 'Your session has ended, please sign in again.');
  if (access === 'mfa-pending') return;
  if (!request.auth.mfaComplete) throw new AppError(ErrorCode.mfaRequired, AUTH_MESSAGES.mfaRequired);
  if (access === 'signed-in') return;
  const allowed =
    access === 'supervisor' ? request.auth.user.isSupervisor : hasPermission(request.auth.user.role, access);
  if (!allowed) {
    const route = request.routeOptions.url ?? '';
    await auth.recordAccessRefused(
      request.auth,
      { method: request.method, route, access },
      originOf(request),
    );
    throw new AppError(ErrorCode.forbidden, 'You do not have permission to do this.');
  }
}
