import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, workflows } from '../../db/schema/index.ts';

const CLIENT_WORKFLOW_LIMIT = 100;

export async function clientExists(db: Db, clientId: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return Boolean(row);
}

/** A client's workflows (not deleted), newest first; only those on the active list with `activeOnly`. */
export function selectClientWorkflows(db: Db, clientId: string, { activeOnly = false } = {}) {
  return db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.clientId, clientId),
        isNull(workflows.deletedAt),
        activeOnly ? eq(workflows.listName, 'active') : undefined,
      ),
    )
    .orderBy(desc(workflows.creationTimestamp), desc(workflows.id))
    .limit(CLIENT_WORKFLOW_LIMIT);
}
