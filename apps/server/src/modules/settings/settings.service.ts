import { FEATURE_FLAGS, type FeatureFlags, type UpdateFeatureFlags } from '@telecare/contracts/settings';
import type { Db } from '../../db/database.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { readSettings, writeSetting } from './settings.queries.ts';

export function createSettingsService(deps: { db: Db; writeChange: ChangeWriter }) {
  const { db, writeChange } = deps;

  const readFlags = (from: Db): Promise<FeatureFlags> => readSettings(from, FEATURE_FLAGS);

  return {
    /** The configuration flags, with their defaults where none was saved. */
    flags: () => readFlags(db),

    /**
     * Saves the given flags. The changed ones, with their old and new values, go to the audit
     * trail, and signed-in browsers hear 'settings.changed', in the same transaction.
     */
    async updateFlags(auth: AuthContext, origin: RequestOrigin, patch: UpdateFeatureFlags) {
      return writeChange(async (tx) => {
        const before = await readFlags(tx);
        const changed = FEATURE_FLAGS.filter(
          (flag) => patch[flag] !== undefined && patch[flag] !== before[flag],
        );
        if (changed.length === 0) return { result: before };
        for (const flag of changed) await writeSetting(tx, flag, patch[flag] as boolean);
        return {
          result: await readFlags(tx),
          audit: [
            {
              action: 'settings.flags.updated',
              ...auditedBy(auth, origin),
              entityType: 'settings',
              entityId: 'flags',
              details: Object.fromEntries(
                changed.map((flag) => [flag, { from: before[flag], to: patch[flag] }]),
              ),
            },
          ],
          events: [{ type: 'settings.changed' }],
        };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
