import type { ChangeEvent } from '@telecare/contracts/events';
import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * Change events waiting to be published (docs/decisions/0046): written in the transaction of the
 * change, deleted by the NOTIFY that publishes them right after its commit. A row outlives that
 * moment only when its process died or lost the database in between; any process's sweep then
 * publishes it a few seconds later.
 */
export const changeOutbox = pgTable('change_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  events: jsonb('events').$type<ChangeEvent[]>().notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});
