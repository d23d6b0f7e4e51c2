import { FEATURE_FLAGS, type FeatureFlags, type UpdateFeatureFlags } from '@telecare/contracts/settings';
import type { Db } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { readSettings, writeSetting } from './settings.queries.ts';

export function createSettingsService(deps: { db: Db; changes: ChangeFeed }) {
  const { db, changes } = deps;

  const readFlags = (from: Db): Promise<FeatureFlags> => readSettings(from, FEATURE_FLAGS);

  return {
    /** The configuration flags, with their defaults where none was saved. */
    flags: () => readFlags(db),

    /**
     * Saves the given flags. The changed ones, with their old and new values, go to the audit
     * trail, and signed-in browsers hear 'settings.changed', in the same transaction.
     */
    async updateFlags(auth: AuthContext, origin: RequestOrigin, patch: UpdateFeatureFlags) {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const before = await readFlags(tx);
        const changed = FEATURE_FLAGS.filter(
          (flag) => patch[flag] !== undefined && patch[flag] !== before[flag],
        );
        if (changed.length === 0) return before;
        for (const flag of changed) await writeSetting(tx, flag, patch[flag] as boolean);
        await recordAudit(tx, {
          action: 'settings.flags.updated',
          actorUserId: auth.user.uid,
          actorRole: auth.user.role,
          entityType: 'settings',
          entityId: 'flags',
          ipAddress: origin.ipAddress,
          details: Object.fromEntries(changed.map((flag) => [flag, { from: before[flag], to: patch[flag] }])),
        });
        await changes.publish(tx, { type: 'settings.changed' });
        return readFlags(tx);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
