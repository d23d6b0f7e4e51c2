import type { z } from 'zod';

/** An error answer from our API (`{ code, message, fieldErrors? }`), or a failure to reach it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT_ERROR = 'TIMEOUT';
/** The spec's shared client timeout (SW §7); uploads, sync and reports pass LONG_REQUEST_TIMEOUT_MS (AA §7). */
export const REQUEST_TIMEOUT_MS = 60_000;
export const LONG_REQUEST_TIMEOUT_MS = 600_000;
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';
const UNREACHABLE_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

type AuthErrorHandler = (error: ApiError) => void;
let authErrorHandler: AuthErrorHandler | undefined;

/**
 * Called when a request answers 401 or 403 (the session is gone or the user may not use the app).
 * The app sets it once: it clears the cached session and goes to /admin.
 */
export function setAuthErrorHandler(handler: AuthErrorHandler | undefined): void {
  authErrorHandler = handler;
}

/**
 * Validates and types a JSON answer: a schema, or a function that imports one. The sign-in page's
 * calls use the function, so the page loads without zod (docs/decisions/0024).
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Validates and types the JSON answer; without it the answer body is ignored. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /**
   * Whether a 401/403 answer triggers the auth error handler. Turn it off where such an answer is
   * expected and handled by the caller (sign-in, the session probe).
   */
  handleAuthErrors?: boolean;
  /**
   * Error statuses the caller tells apart by status alone (the session probe's 401): their body
   * is not read, so answering them needs no validation code.
   */
  statusOnlyErrors?: readonly number[];
  /** Gives up after this long (ApiError TIMEOUT); REQUEST_TIMEOUT_MS when not given. */
  timeoutMs?: number;
}

export function isAuthError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Calls our API on the same origin with the session cookie; throws ApiError on any failure. */
export async function apiRequest<T = undefined>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const {
    method = 'GET',
    body,
    schema,
    signal,
    handleAuthErrors = true,
    statusOnlyErrors = [],
    timeoutMs = REQUEST_TIMEOUT_MS,
  } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, TIMEOUT_ERROR, TIMEOUT_MESSAGE);
    throw new ApiError(0, NETWORK_ERROR, UNREACHABLE_MESSAGE);
  }

  if (!response.ok) {
    const error = statusOnlyErrors.includes(response.status)
      ? httpError(response.status)
      : await readError(response);
    if (handleAuthErrors && isAuthError(error)) authErrorHandler?.(error);
    throw error;
  }

  if (schema === undefined || response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, INVALID_RESPONSE, 'The server sent an unexpected answer.');
  }
  return parsed.data;
}

async function readError(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = (await loadErrorSchema())?.safeParse(json);
  if (parsed?.success) {
    const { code, message, fieldErrors } = parsed.data;
    return new ApiError(response.status, code, message, fieldErrors);
  }
  // A proxy's answer when our server is down or restarting.
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return new ApiError(response.status, NETWORK_ERROR, UNREACHABLE_MESSAGE);
  }
  return httpError(response.status);
}

/**
 * The error answer's schema, imported on the first error answer so that the sign-in page loads
 * without zod (docs/decisions/0024); undefined when it cannot be fetched (the server is down).
 */
async function loadErrorSchema() {
  try {
    return (await import('@telecare/contracts/errors')).ErrorResponseSchema;
  } catch {
    return undefined;
  }
}

function httpError(status: number): ApiError {
  return new ApiError(status, `HTTP_${status}`, `The request failed (HTTP ${status}).`);
}

/** A message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}
