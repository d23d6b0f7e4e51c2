/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong":
 * a refused or dropped connection, a server shutting down or starting up. Drizzle wraps driver
 * errors, so the whole cause chain is read. A server that is merely busy is not one of them (see
 * isServerBusy).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '08000', // connection_exception
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    current = cause;
  }
  return false;
}

/** The `code` of the error a change gets when it waits past its turn to write (lib/change-slots.ts). */
export const SERVER_BUSY = 'SERVER_BUSY';

/**
 * pg-pool's error for a request that waited connectionTimeoutMillis in the queue of a full pool:
 * every connection was in use, the database is up. (A new connection that does not come in time
 * fails with 'Connection terminated due to connection timeout' instead: that one is unreachable.)
 */
const FULL_POOL_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * Errors that mean "the server is busy right now": no connection of the full pool came free in
 * time, or a change got no turn to write. The database is up; the cause chain is read as above.
 */
export function isServerBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === SERVER_BUSY) return true;
    if (typeof message === 'string' && message.startsWith(FULL_POOL_MESSAGE)) return true;
    current = cause;
  }
  return false;
}

/** The SQLSTATE of the first PostgreSQL (or PGlite) error in the cause chain, if any. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return undefined;
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/** A value the database could not take (class 22: a date out of range, a number too large, ...). */
export const isBadValueForDatabase = (error: unknown) => sqlStateOf(error)?.startsWith('22') ?? false;
