import { sqlStateOf } from '../db/database-errors.ts';

const stackFrames = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/**
 * What a log keeps of an error (the logger's `err` serializer). A database error's message, detail
 * and parameters quote the statement's values (names, dates of birth, phone numbers), so only its
 * kind, SQLSTATE, the failing statement with its placeholders, and the stack are kept.
 */
export function logSafeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const sqlState = sqlStateOf(error);
  const query = (error as { query?: unknown }).query;
  if (sqlState || typeof query === 'string' || 'params' in error) {
    const cause = (error.cause ?? {}) as { routine?: unknown; constraint?: unknown; table?: unknown };
    return {
      type: error.name,
      message: 'database error (its values are left out of the log)',
      sqlState,
      routine: cause.routine,
      constraint: cause.constraint,
      table: cause.table,
      query: typeof query === 'string' ? query.slice(0, 2000) : undefined,
      stack: stackFrames(error),
    };
  }
  return {
    type: error.name,
    message: error.message.slice(0, 300),
    code: (error as { code?: unknown }).code,
    stack: stackFrames(error),
  };
}
