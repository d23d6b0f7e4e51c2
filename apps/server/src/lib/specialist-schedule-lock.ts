import { type SQL, sql } from 'drizzle-orm';

/** The advisory lock class of specialists' schedules (`pg_locks.classid`). */
const SPECIALIST_SCHEDULE_LOCKS = sql.raw('40040');

/**
 * A specialist's schedule lock, held to the end of the transaction (decision 0040): bookings take
 * it shared, so bookings of one specialist run side by side, and schedule writes take it exclusive,
 * so a schedule change and a booking of the same specialist never interleave. An advisory lock, not
 * a lock of the specialist's row: ten bookings sharing a row lock made PostgreSQL write a new
 * multixact for every one of them. The expression answers true; a null id takes no lock.
 */
export function specialistScheduleLock(specialistId: SQL, mode: 'shared' | 'exclusive'): SQL {
  const take = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
  return sql`(${take}(${SPECIALIST_SCHEDULE_LOCKS}, hashtext(${specialistId}::uuid::text)) IS NOT NULL)`;
}
