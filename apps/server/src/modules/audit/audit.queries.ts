import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type AuditEvent = {
  action: string;
  actorUserId?: string | null;
  actorRole?: string | null;
  entityType?: string;
  entityId?: string;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
};

export const auditRow = (event: AuditEvent) => ({
  action: event.action,
  actorUserId: event.actorUserId ?? null,
  actorRole: event.actorRole ?? null,
  entityType: event.entityType ?? null,
  entityId: event.entityId ?? null,
  ipAddress: event.ipAddress ?? null,
  details: event.details ?? null,
});
/** An audit event whose values may be placeholders, filled in each time a prepared statement runs. */
type AuditValues = Omit<AuditEvent, 'details'>;
export type AuditEventParams = { [K in keyof AuditValues]: AuditValues[K] | Placeholder } & Pick<
  AuditEvent,
  'details'
>;

export async function recordAudit(db: Db, event: AuditEvent) {
  await db.insert(auditEvents).values(auditRow(event));
}

/** The insert of several audit rows as one statement (to run alone or in a WITH clause). */
export function auditInsertStatement(db: Db, events: readonly AuditEvent[]) {
  return db.insert(auditEvents).values(events.map(auditRow));
}

/**
 * The insert of audit rows given as a jsonb array of AuditEvents (camelCase keys), for statements
 * prepared once whose rows differ per run (closingStatement in lib/write-change.ts).
 */
export const auditRowsFromJson = (events: SQL) => sql`
  INSERT INTO ${auditEvents} (action, actor_user_id, actor_role, entity_type, entity_id, ip_address, details)
  SELECT r.action, r."actorUserId", r."actorRole", r."entityType", r."entityId", r."ipAddress", r.details
    FROM jsonb_to_recordset(${events}) AS r(action text, "actorUserId" uuid, "actorRole" text,
      "entityType" text, "entityId" text, "ipAddress" text, details jsonb)`;

/**
 * The insert of a read of patient rows that happens on every list page, as one statement whose own
 * transaction does not wait for the WAL flush (synchronous_commit off, for that transaction only):
 * a database crash may lose the last moments of such events, the application crashing loses none.
 * It can stand alone or ride in a WITH clause of the read itself (see selectListPage), with `detailsSql`
 * when the details come from that read, and placeholders when the read is a prepared statement (see
 * todoPageStatement). Never use it
 * inside a longer transaction: the setting would apply to the whole of it.
 */
export function listReadAuditInsert(event: AuditEventParams, detailsSql?: SQL) {
  const details = detailsSql ?? sql`${JSON.stringify(event.details ?? null)}::jsonb`;
  return sql`INSERT INTO ${auditEvents}
      (action, actor_user_id, actor_role, entity_type, entity_id, ip_address, details)
    SELECT ${event.action}, ${event.actorUserId ?? null}, ${event.actorRole ?? null},
      ${event.entityType ?? null}, ${event.entityId ?? null}, ${event.ipAddress ?? null},
      ${details}
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed`;
}

export async function recordListReadAudit(db: Db, event: AuditEvent) {
  await db.execute(listReadAuditInsert(event));
}
