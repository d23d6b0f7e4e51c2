import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export function createHealthService(db: Db) {
  return {
    /** Runs a trivial query; throws when the database cannot be reached. */
    async checkDatabase(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
