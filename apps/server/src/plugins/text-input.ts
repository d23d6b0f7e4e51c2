import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const NUL = '\u0000';

/** The path of the first string holding a NUL character, or null. */
function pathOfNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text can not hold the NUL character, so a request carrying one (in its body, query or
 * path) is refused as bad input before it reaches a route, instead of failing in the database.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = pathOfNul(part, '');
      if (field !== null) {
        throw new AppError(ErrorCode.validation, 'Some fields are not valid.', {
          [field || '_']: ['Please remove the invisible NUL character from this text.'],
        });
      }
    }
  });
}
