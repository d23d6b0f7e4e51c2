import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * An error fit for logs and stored failure reasons. A failed query's message carries its parameters
 * (phone numbers, message text, names): it becomes the database's own message and code only.
 */
export function loggableError(err: unknown): Error {
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause as { message?: string; code?: string } | undefined;
    const safe = new Error(`A database query failed (${cause?.code ?? 'no code'}): ${cause?.message ?? ''}`);
    safe.name = 'DatabaseQueryError';
    return safe;
  }
  return err instanceof Error ? err : new Error(String(err));
}
