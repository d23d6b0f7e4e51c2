import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const NUL = '\u0000';

/** No request nests deeper than a few levels (the contracts go to three); this leaves ample room. */
export const MAX_INPUT_DEPTH = 32;

type Finding = { nulAt: string } | { tooDeep: true } | null;

/**
 * Walks a parsed request part with an explicit stack (a deep body can not overflow the call
 * stack): the path of the first string holding a NUL character, or that it nests too deeply.
 */
function inspect(root: unknown): Finding {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { nulAt: path };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { tooDeep: true };
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    // Pushed in reverse, so the first field is looked at first.
    for (const [key, item] of entries.reverse()) {
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Bad input is refused before it reaches a route, instead of failing deeper down: PostgreSQL text
 * can not hold the NUL character (in a body, query or path), and a body nested thousands of levels
 * deep would overflow the stack of every recursive step after parsing (validation, serialising).
 */
export function refuseBadInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const finding = inspect(part);
      if (finding && 'tooDeep' in finding) {
        throw new AppError(
          ErrorCode.nestedTooDeep,
          `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
        );
      }
      if (finding) {
        throw new AppError(ErrorCode.validation, 'Some fields are not valid.', {
          [finding.nulAt || '_']: ['Please remove the invisible NUL character from this text.'],
        });
      }
    }
  });
}
