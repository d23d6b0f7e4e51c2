import type { Role } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { ACTIVITY_REPORT_COLUMNS, PRESENCE_TIMING } from '@telecare/contracts/presence';
import { dayAt, formatDateTimeAt, zoneAbbreviation } from '@telecare/domain/calendar';
import { ROLE_LABELS, SIGN_IN_ROLES } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import { enqueueJobs } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { PRESENCE_JOB } from './presence.jobs.ts';
import {
  type ActivityRow,
  findActivity,
  findLatestOpenActivity,
  findOpenActivity,
  insertActivity,
  selectActivitiesBetween,
  selectPresence,
  updateActivity,
} from './presence.queries.ts';

/** Presence days and report times are Melbourne's, as in the spec. */
export const PRESENCE_ZONE = 'Australia/Melbourne';

const dayOf = (instant: Date) => dayAt(instant, PRESENCE_ZONE);
/** A report time names its zone (AEST or AEDT), as every time shown to staff does. */
const timeOf = (instant: Date | null) =>
  instant ? `${formatDateTimeAt(instant, PRESENCE_ZONE)} ${zoneAbbreviation(instant, PRESENCE_ZONE)}` : '';

export function createPresenceService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  idleMinutes: number;
}) {
  const { db, clock, writeChange, idleMinutes } = deps;
  const presenceChanged = (auth: AuthContext) => [
    { type: 'presence.changed' as const, ids: [auth.user.uid] },
  ];

  async function ownActivity(auth: AuthContext, id: string): Promise<ActivityRow> {
    const activity = await findActivity(db, id);
    if (!activity || activity.userId !== auth.user.uid) {
      throw new AppError(ErrorCode.notFound, 'No such activity for this user.');
    }
    return activity;
  }

  return {
    async checkIn(auth: AuthContext, origin: RequestOrigin) {
      const now = clock.now();
      const activity = await writeChange(async (tx) => {
        const existing = await findOpenActivity(tx, auth.sessionId, dayOf(now));
        if (existing) {
          // A reload or another tab: the session has an open tab again.
          await updateActivity(tx, existing.id, { lastSeenAt: now });
          return { result: existing, events: presenceChanged(auth) };
        }
        const inserted = await insertActivity(tx, {
          userId: auth.user.uid,
          sessionId: auth.sessionId,
          activityDate: dayOf(now),
          checkInTime: now,
          lastSeenAt: now,
          status: 'online',
        });
        return {
          result: inserted,
          audit: [
            {
              action: 'presence.check-in',
              ...auditedBy(auth, origin),
              entityType: 'user_activity',
              entityId: inserted.id,
            },
          ],
          events: presenceChanged(auth),
        };
      });
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

    /** A tab says it is open; after a silence (offline) the others hear that the user is back. */
    async heartbeat(auth: AuthContext, id: string) {
      const activity = await ownActivity(auth, id);
      const now = clock.now();
      const wasSilent =
        !activity.lastSeenAt ||
        now.getTime() - activity.lastSeenAt.getTime() >= PRESENCE_TIMING.TAB_TIMEOUT_MS;
      await writeChange(async (tx) => {
        await updateActivity(tx, activity.id, { lastSeenAt: now });
        return { result: undefined, events: wasSilent ? presenceChanged(auth) : [] };
      });
    },

    /**
     * A tab closed (its beacon, or its live-update stream ending: decision 0034): unless another
     * tab of the session speaks within the grace time, the user shows offline then. The session
     * stays signed in. A record already quieter than that is left as it is.
     */
    async closeTab(auth: AuthContext, id: string | undefined) {
      const activity = id ? await ownActivity(auth, id) : await findLatestOpenActivity(db, auth.sessionId);
      if (!activity) return;
      const now = clock.now().getTime();
      const quietSince = new Date(
        now - (PRESENCE_TIMING.TAB_TIMEOUT_MS - PRESENCE_TIMING.CLOSED_TAB_GRACE_MS),
      );
      if (activity.lastSeenAt && activity.lastSeenAt <= quietSince) return;
      await db.transaction(async (tx) => {
        await updateActivity(tx, activity.id, { lastSeenAt: quietSince });
        await enqueueJobs(tx, [
          {
            kind: PRESENCE_JOB.recheck,
            payload: { userId: auth.user.uid },
            runAt: new Date(now + PRESENCE_TIMING.CLOSED_TAB_GRACE_MS + 1000),
          },
        ]);
      });
    },

    async checkOut(auth: AuthContext, id: string, origin: RequestOrigin) {
      const activity = await ownActivity(auth, id);
      const now = clock.now();
      await writeChange(async (tx) => {
        await updateActivity(tx, activity.id, { checkOutTime: now, lastSeenAt: now, status: 'offline' });
        return {
          result: undefined,
          audit: [
            {
              action: 'presence.check-out',
              ...auditedBy(auth, origin),
              entityType: 'user_activity',
              entityId: activity.id,
            },
          ],
          events: presenceChanged(auth),
        };
      });
    },

    async presence() {
      return {
        users: await selectPresence(
          db,
          SIGN_IN_ROLES,
          clock.now(),
          idleMinutes,
          PRESENCE_TIMING.TAB_TIMEOUT_MS,
        ),
      };
    },

    async report(auth: AuthContext, range: { startDate: string; endDate: string }, origin: RequestOrigin) {
      const rows = await selectActivitiesBetween(db, range.startDate, range.endDate);
      await recordAudit(db, {
        action: 'presence.report.exported',
        ...auditedBy(auth, origin),
        entityType: 'user_activity',
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
