/**
 * Samples what a database's sessions are doing while a benchmark runs: pg_stat_activity every few
 * milliseconds from its own connection, counted by state, wait event and the statement's first
 * words. A session that waits in `COMMIT` on `Lock: object` waits for another transaction's commit
 * (NOTIFY's queue lock); `IO: WALSync` is the commit's own flush.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

export type WaitSample = { what: string; samples: number; share: number };

const SAMPLER_NAME = 'bench wait sampler';

export async function startWaitSampler(url: string, everyMs = 5) {
  const client = new pg.Client({ connectionString: url, application_name: SAMPLER_NAME });
  await client.connect();
  const counts = new Map<string, number>();
  let rounds = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `select concat_ws(' | ', state, coalesce(wait_event_type || ': ' || wait_event, 'on CPU'),
                regexp_replace(left(query, 40), '\\s+', ' ', 'g')) as what
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
            and application_name <> '${SAMPLER_NAME}'`,
      );
      rounds++;
      for (const { what } of rows) {
        counts.set(what, (counts.get(what) ?? 0) + 1);
        // The same without the statement: how the sessions' time splits between states and waits.
        const kind = `${what.split(' | ').slice(0, 2).join(' | ')} | (any statement)`;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    /** Stops and returns the samples, most frequent first; share = samples per sampling round. */
    async stop(): Promise<{ rounds: number; samples: WaitSample[] }> {
      running = false;
      await loop;
      await client.end();
      const samples = [...counts]
        .map(([what, n]) => ({ what, samples: n, share: n / Math.max(rounds, 1) }))
        .sort((a, b) => b.samples - a.samples);
      return { rounds, samples };
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/**
 * Counts the CPU time the API process and the database's server processes (its sessions, not the
 * sampler's) spend
 * between start and stop: what one request costs each side, whatever the machine's load.
 */
export async function startCpuMeter(url: string, apiPid: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
            and application_name <> '${SAMPLER_NAME}'`,
      )
    ).rows.map((r) => r.pid);
  const api = cpuMsOf(apiPid);
  const before = new Map((await backends()).map((pid) => [pid, cpuMsOf(pid)]));
  return {
    async stop() {
      const pids = await backends();
      await client.end();
      const database = pids.reduce((sum, pid) => sum + cpuMsOf(pid) - (before.get(pid) ?? 0), 0);
      return { apiMs: cpuMsOf(apiPid) - api, databaseMs: database };
    },
  };
}
