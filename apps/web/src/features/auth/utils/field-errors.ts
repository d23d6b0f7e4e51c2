import { ApiError } from '../../../lib/api-client';

/**
 * The server's per-field messages for the given form fields (the first message of each), to put
 * under the matching inputs; fields the form does not have are left to the alert.
 */
export function fieldErrorsFor<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const result: Partial<Record<Field, string>> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return result;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) result[field] = message;
  }
  return result;
}
