import { performance } from 'node:perf_hooks';

const MAX_AGE_MS = 1_000;
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { storedAt: number; value: unknown }>();

/**
 * What a token's session lookup found, kept for a moment so that the burst of API calls behind one
 * screen costs one lookup. Every write to a session or a user forgets them all, here and, through
 * the change feed, in the other server processes; the age limit bounds what a late forget costs.
 * Keyed by the token's hash, which no two databases share.
 */
export const recentSessions = {
  get<T>(tokenHash: string): T | undefined {
    const entry = entries.get(tokenHash);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt < MAX_AGE_MS) return entry.value as T;
    entries.delete(tokenHash);
    return undefined;
  },
  set(tokenHash: string, value: unknown) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(tokenHash, { storedAt: performance.now(), value });
  },
  forgetAll() {
    entries.clear();
  },
};
