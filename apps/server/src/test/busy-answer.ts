import { ErrorCode } from '@telecare/contracts/errors';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The answer of a server too busy to take the request: 503 SERVER_BUSY, its message, and when to try again. */
export function expectBusyAnswer(reply: LightMyRequestResponse) {
  expect(reply.statusCode, reply.body).toBe(503);
  expect(reply.json()).toEqual({
    code: ErrorCode.busy,
    message: 'The server is busy right now. Nothing was saved by this request; please try again in a moment.',
  });
  expect(reply.headers['retry-after']).toBe('1');
}
