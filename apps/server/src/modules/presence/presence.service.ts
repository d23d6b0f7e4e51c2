import type { Role } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { ACTIVITY_REPORT_COLUMNS } from '@telecare/contracts/presence';
import { dayAt, formatDateTimeAt } from '@telecare/domain/calendar';
import { ROLE_LABELS, SIGN_IN_ROLES } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import {
  type ActivityRow,
  findActivity,
  findOpenActivity,
  insertActivity,
  selectActivitiesBetween,
  selectPresence,
  updateActivity,
} from './presence.queries.ts';

/** Presence days and report times are Melbourne's, as in the spec. */
export const PRESENCE_ZONE = 'Australia/Melbourne';

const dayOf = (instant: Date) => dayAt(instant, PRESENCE_ZONE);
const timeOf = (instant: Date | null) => (instant ? formatDateTimeAt(instant, PRESENCE_ZONE) : '');

export function createPresenceService(deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  idleMinutes: number;
}) {
  const { db, clock, changes, idleMinutes } = deps;

  async function ownActivity(auth: AuthContext, id: string): Promise<ActivityRow> {
    const activity = await findActivity(db, id);
    if (!activity || activity.userId !== auth.user.uid) {
      throw new AppError(ErrorCode.notFound, 'No such activity for this user.');
    }
    return activity;
  }

  return {
    async checkIn(auth: AuthContext) {
      const now = clock.now();
      const existing = await findOpenActivity(db, auth.sessionId, dayOf(now));
      const activity =
        existing ??
        (await insertActivity(db, {
          userId: auth.user.uid,
          sessionId: auth.sessionId,
          activityDate: dayOf(now),
          checkInTime: now,
          lastSeenAt: now,
          status: 'online',
        }));
      await changes.publish(db, { type: 'presence.changed', ids: [auth.user.uid] });
      return { activityId: activity.id, userActivitySessionId: auth.sessionId };
    },

    async loginStatus(auth: AuthContext, id: string) {
      const activity = await ownActivity(auth, id);
      await updateActivity(db, activity.id, { lastSeenAt: clock.now() });
      return {
        isExpired: activity.status !== 'online' || activity.sessionId !== auth.sessionId,
        userActivityId: activity.id,
        userActivitySessionId: auth.sessionId,
      };
    },

    async closeTab(auth: AuthContext, id: string) {
      const activity = await ownActivity(auth, id);
      await updateActivity(db, activity.id, { lastSeenAt: clock.now() });
    },

    async checkOut(auth: AuthContext, id: string, origin: RequestOrigin) {
      const activity = await ownActivity(auth, id);
      const now = clock.now();
      await updateActivity(db, activity.id, { checkOutTime: now, lastSeenAt: now, status: 'offline' });
      await recordAudit(db, {
        action: 'presence.check-out',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        entityType: 'user_activity',
        entityId: activity.id,
        ipAddress: origin.ipAddress,
      });
      await changes.publish(db, { type: 'presence.changed', ids: [auth.user.uid] });
    },

    async presence() {
      return { users: await selectPresence(db, SIGN_IN_ROLES, clock.now(), idleMinutes) };
    },

    async report(auth: AuthContext, range: { startDate: string; endDate: string }, origin: RequestOrigin) {
      const rows = await selectActivitiesBetween(db, range.startDate, range.endDate);
      await recordAudit(db, {
        action: 'presence.report.exported',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        entityType: 'user_activity',
        ipAddress: origin.ipAddress,
        details: { ...range, rows: rows.length },
      });
      return toCsv(
        ACTIVITY_REPORT_COLUMNS,
        rows.map((row) => {
          const end = row.checkOutTime ?? row.lastSeenAt;
          return [
            row.activityDate,
            `${row.firstName} ${row.lastName}`,
            row.shortName,
            row.email,
            ROLE_LABELS[row.role as Role] ?? row.role,
            timeOf(row.checkInTime),
            timeOf(row.checkOutTime),
            end ? String(Math.max(0, Math.round((end.getTime() - row.checkInTime.getTime()) / 60_000))) : '',
            row.status,
          ];
        }),
      );
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
