import type { Db } from '../../db/database.ts';
import type { JobKind } from '../../jobs/job-runner.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';

export const PRESENCE_JOB = { recheck: 'presence.recheck' } as const;

/**
 * Once a closed tab's grace time has passed, tells the open screens to read presence again: the
 * user turns offline there at once instead of at the screens' next periodic refresh.
 */
export function presenceJobKinds(deps: { db: Db; changes: ChangeFeed }): Record<string, JobKind> {
  const { db, changes } = deps;
  return {
    [PRESENCE_JOB.recheck]: {
      async handle(job) {
        await changes.publish(db, { type: 'presence.changed', ids: [String(job.payload.userId)] });
      },
    },
  };
}
