import type { ChangeEvent } from '@telecare/contracts/events';
import type { Db } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { type FreeDay, selectFreeDays } from './free-days.ts';

/** A safety net for writes that bypass the change feed (scripts, SQL by hand). */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry = { days: FreeDay[]; storedAt: number };

/**
 * The free days that calendars show (booking calendar, Specialists page), kept per specialist and
 * date range in this process (docs/decisions/0039). A specialist's entries are dropped when their
 * availability or bookings change: at once in this process when the change's transaction commits,
 * and in other processes when its 'schedule.changed' NOTIFY arrives. A computation that was under
 * way when its specialist changed is answered but not kept. Booking checks never read this: they
 * compute free time inside their own transaction.
 */
export function createFreeDaysCache(deps: { db: Db; changes: ChangeFeed; now?: () => number }) {
  const { db, changes } = deps;
  const now = deps.now ?? (() => performance.now());
  const bySpecialist = new Map<string, Map<string, Entry>>();
  const generations = new Map<string, number>();
  let epoch = 0;
  let size = 0;

  const generationOf = (specialistId: string) => `${epoch} ${generations.get(specialistId) ?? 0}`;

  function forget(specialistIds?: readonly string[]) {
    if (!specialistIds) {
      epoch++;
      generations.clear();
      bySpecialist.clear();
      size = 0;
      return;
    }
    for (const id of specialistIds) {
      generations.set(id, (generations.get(id) ?? 0) + 1);
      size -= bySpecialist.get(id)?.size ?? 0;
      bySpecialist.delete(id);
    }
  }

  function follow(events: readonly ChangeEvent[]) {
    for (const event of events) if (event.type === 'schedule.changed') forget(event.ids);
  }

  function keep(specialistId: string, range: string, days: FreeDay[]) {
    if (size >= MAX_ENTRIES) forget();
    let own = bySpecialist.get(specialistId);
    if (!own) {
      own = new Map();
      bySpecialist.set(specialistId, own);
    }
    if (!own.has(range)) size++;
    own.set(range, { days, storedAt: now() });
  }

  return {
    /** Starts following changes: in-process commits at once, other processes' by NOTIFY. */
    async start() {
      changes.afterCommit(follow);
      await changes.subscribe(
        (event) => follow([event]),
        () => forget(),
      );
    },

    forget,

    /** `selectFreeDays`, answered from the kept days where they are fresh. */
    async freeDays(
      specialistIds: readonly string[],
      from: string,
      to: string,
      options: { includePrivate: boolean },
    ): Promise<FreeDay[]> {
      const range = `${from} ${to} ${options.includePrivate}`;
      const kept: FreeDay[] = [];
      const missing: string[] = [];
      for (const id of specialistIds) {
        const entry = bySpecialist.get(id)?.get(range);
        if (entry && now() - entry.storedAt < MAX_AGE_MS) kept.push(...entry.days);
        else missing.push(id);
      }
      if (missing.length === 0) return kept;
      const before = missing.map(generationOf);
      const fresh = await selectFreeDays(db, missing, from, to, options);
      missing.forEach((id, i) => {
        if (generationOf(id) === before[i]) {
          keep(
            id,
            range,
            fresh.filter((day) => day.specialistId === id),
          );
        }
      });
      return [...kept, ...fresh];
    },
  };
}

export type FreeDaysCache = ReturnType<typeof createFreeDaysCache>;
