import type { Db } from '../db/database.ts';
import { SERVER_BUSY } from '../db/database-errors.ts';

/** How many changes one database takes at once unless the server is told otherwise (decision 0055). */
export const DEFAULT_CHANGES_AT_ONCE = 4;
/** How long a change waits for its turn: as long as a request waits for a connection. */
export const TURN_WAIT_MS = 2000;

/**
 * At most `limit` changes (write transactions) run at once; the others wait their turn, first come
 * first served. A change that gets no turn within TURN_WAIT_MS fails with `code: 'SERVER_BUSY'`
 * (isServerBusy: answered 503 SERVER_BUSY with nothing saved, not "the database cannot be reached").
 * A failed change gives its turn back.
 */
export class ChangeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(change: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else await this.turn();
    try {
      return await change();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private turn() {
    return new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(Object.assign(new Error('No turn to write: the database is busy.'), { code: SERVER_BUSY }));
      }, TURN_WAIT_MS);
      this.waiting.push(take);
    });
  }
}

const slotsByDatabase = new WeakMap<Db, ChangeSlots>();

/** Sets how many changes `db` takes at once (the server's DATABASE_CHANGES_AT_ONCE). */
export function limitChanges(db: Db, limit: number) {
  slotsByDatabase.set(db, new ChangeSlots(limit));
}

/** The turns of every change writer on `db`: they share one limit. */
export function changeSlotsOf(db: Db): ChangeSlots {
  let slots = slotsByDatabase.get(db);
  if (!slots) {
    slots = new ChangeSlots(DEFAULT_CHANGES_AT_ONCE);
    slotsByDatabase.set(db, slots);
  }
  return slots;
}
