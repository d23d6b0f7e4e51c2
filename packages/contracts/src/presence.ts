import { z } from 'zod';

export const CheckInResponseSchema = z.object({ activityId: z.string(), userActivitySessionId: z.string() });
export type CheckInResponse = z.infer<typeof CheckInResponseSchema>;

export const LoginStatusResponseSchema = z.object({
  isExpired: z.boolean(),
  userActivityId: z.string(),
  userActivitySessionId: z.string(),
});

/**
 * An open tab says it is still there every HEARTBEAT_INTERVAL_MS (also while hidden; a browser may
 * slow a hidden tab's timers to once a minute). With no word from any tab of a session for
 * TAB_TIMEOUT_MS its user shows offline; a closed tab's beacon leaves CLOSED_TAB_GRACE_MS for
 * another open tab to speak. The session itself stays signed in.
 */
export const PRESENCE_TIMING = {
  HEARTBEAT_INTERVAL_MS: 20_000,
  TAB_TIMEOUT_MS: 90_000,
  CLOSED_TAB_GRACE_MS: 25_000,
  /** How often open screens re-read the presence strip. */
  REFRESH_MS: 20_000,
} as const;

/**
 * The tab's presence record when it knows it; a tab closed before its check-in answered sends
 * neither, and the session's open record is used.
 */
export const CloseTabRequestSchema = z.object({
  userActivityId: z.string().uuid().optional(),
  userActivitySessionId: z.string().uuid().optional(),
});

export const PresenceEntrySchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shortName: z.string(),
  online: z.boolean(),
});
export const PresenceResponseSchema = z.object({ users: z.array(PresenceEntrySchema) });
export type PresenceEntry = z.infer<typeof PresenceEntrySchema>;

const RANGE_MISSING = 'You must select a valid time range.';
const isoDate = z
  .string(RANGE_MISSING)
  .regex(/^\d{4}-\d{2}-\d{2}$/, RANGE_MISSING)
  .pipe(z.iso.date(RANGE_MISSING));
export const ActivityReportQuerySchema = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((q) => q.endDate > q.startDate, {
    message: 'End date should be after the start date',
    path: ['endDate'],
  });

/** Columns of user-activity-report.csv, in order. */
export const ACTIVITY_REPORT_COLUMNS = [
  'Date',
  'Staff Member',
  'Short Name',
  'E-mail',
  'Role',
  'Check-in Time',
  'Check-out Time',
  'Minutes Online',
  'Status',
] as const;
