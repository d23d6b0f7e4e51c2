import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';

export const WEBHOOK_RATE_MESSAGE = 'Too many webhook requests from this address; try again in a minute.';

/**
 * Counts the public webhook requests of each address per clock minute, in this process's memory, and
 * refuses the ones over the limit with 429 before anything is checked or stored: a flood from one
 * address never reaches the database. (Several processes each keep their own count.)
 */
export function createWebhookRateLimit(clock: Clock, perMinute: number) {
  let minute = -1;
  const counts = new Map<string, number>();
  return async (request: FastifyRequest) => {
    const now = Math.floor(clock.now().getTime() / 60_000);
    if (now !== minute) {
      minute = now;
      counts.clear();
    }
    const used = (counts.get(request.ip) ?? 0) + 1;
    counts.set(request.ip, used);
    if (used > perMinute) throw new AppError(ErrorCode.tooManyAttempts, WEBHOOK_RATE_MESSAGE);
  };
}
