import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * An error fit for stored failure reasons. A failed query's message carries its parameters (phone
 * numbers, message text, names) and the database's own message can quote a value: it becomes the
 * SQLSTATE and the database routine that refused it. (Logs get the same treatment from the logger's
 * `err` serializer, log-safe-error.ts.)
 */
export function loggableError(err: unknown): Error {
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause as { routine?: string; code?: string } | undefined;
    const safe = new Error(
      `A database query failed (${cause?.code ?? 'no code'}, ${cause?.routine ?? 'unknown'})`,
    );
    safe.name = 'DatabaseQueryError';
    return safe;
  }
  return err instanceof Error ? err : new Error(String(err));
}
