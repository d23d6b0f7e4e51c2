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

export async function recordAudit(db: Db, event: AuditEvent) {
  await db.insert(auditEvents).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    actorRole: event.actorRole ?? null,
    entityType: event.entityType ?? null,
    entityId: event.entityId ?? null,
    ipAddress: event.ipAddress ?? null,
    details: event.details ?? null,
  });
}
