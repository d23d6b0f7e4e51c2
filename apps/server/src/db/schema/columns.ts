import { sql } from 'drizzle-orm';
import { customType, date, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const calendarDate = (name: string) => date(name, { mode: 'string' });

export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** A 64-bit transaction id (PostgreSQL's xid8), read as text. */
export const transactionId = customType<{ data: string }>({ dataType: () => 'xid8' });

/** A trigram GIN index, for case-insensitive substring filters. */
export const trigramOps = 'gin_trgm_ops';
