/**
 * CPU time spent by the processes behind a benchmark, read from /proc (Linux): the API server's
 * process and the PostgreSQL backends serving its connections, found by their application_name.
 * CPU per request does not depend on how many other processes wait for a core, where latency does:
 * it is the figure to compare on a shared, loaded machine.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database.ts';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU of a process, in ms; 0 once it has gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Samples the CPU of the API process and of its database backends (the server is started with
 * PGAPPNAME = applicationName, which node-postgres sends as application_name). Backends that
 * appear between two samples count from zero; one that ends between them is not counted.
 */
export function createCpuMeter(db: Db, apiPid: number, applicationName: string) {
  async function sample() {
    const result = (await db.execute(
      sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${applicationName}`,
    )) as unknown as { rows: { pid: number }[] };
    const backends = new Map(result.rows.map(({ pid }) => [pid, processCpuMs(pid)]));
    return { api: processCpuMs(apiPid), backends };
  }
  return {
    sample,
    /** CPU ms per request between two samples: the API process and its PostgreSQL backends. */
    perRequest(
      before: Awaited<ReturnType<typeof sample>>,
      after: Awaited<ReturnType<typeof sample>>,
      requests: number,
    ) {
      let database = 0;
      for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
      return { api: (after.api - before.api) / requests, database: database / requests };
    },
  };
}
