import { and, asc, eq, inArray, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { loggableError } from '../lib/loggable-error.ts';

/**
 * The one job runner (docs/decisions/0031-one-job-runner.md). Services enqueue a job inside the
 * transaction of their change; the runner claims due jobs in a short transaction with
 * `FOR UPDATE SKIP LOCKED` (several processes on PostgreSQL share the work, PGlite's single
 * connection is never held while a handler talks to a provider), runs each kind's handler, and
 * marks the job done, or retries it 1, 2, 4, 8 minutes later and marks it failed after the last
 * attempt. Time comes from the injected clock, so tests drive it.
 */
export const JOB_RUNNER = {
  batchSize: 50,
  maxAttempts: 5,
  firstRetryMs: 60_000,
  /** A claimed job is due again after this long (longer than a handler may take). */
  claimMs: 5 * 60_000,
  lastErrorLength: 500,
} as const;

/** The wait after the `attempt`-th failed attempt: 1, 2, 4, 8 minutes. */
export function jobRetryDelayMs(attempt: number) {
  return JOB_RUNNER.firstRetryMs * 2 ** Math.max(0, attempt - 1);
}

export type Job = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  workflowId: string | null;
  /** Including the attempt now running. */
  attempts: number;
  maxAttempts: number;
};

/** What the runner logs: ids, kinds, counts and error names, never addresses, names or message text. */
export type JobLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** Runs one job; throwing makes it retry. Must be idempotent: a job may run again after a crash. */
export type JobHandler = (job: Job) => Promise<void>;
/** Told when a job used its last attempt (the handler's own rows then show the failure). */
export type JobFailureHandler = (job: Job, error: string) => Promise<void>;

/**
 * Runs the claimed jobs of one kind together (fewer round trips than one by one); answers why each
 * job that did not finish stopped (an error to retry, or a `JobDelay`). The jobs not in the answer
 * are done.
 */
export type JobBatchHandler = (jobs: Job[]) => Promise<Map<string, unknown>>;

export type JobKind = { handle: JobHandler; handleBatch?: JobBatchHandler; onFailed?: JobFailureHandler };

/** Thrown by a handler that may not run yet (e.g. quiet hours): due again at `until`, no attempt counted. */
export class JobDelay extends Error {
  override name = 'JobDelay';
  constructor(readonly until: Date) {
    super('Not yet.');
  }
}

/** A pass the runner makes each round besides the jobs table (e-mail delivery, decision 0031). */
export type RunnerPass = { id: string; run: () => Promise<{ claimed: number; full: boolean }> };

// --- writing jobs (inside the caller's transaction) ------------------------------------------------

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  dedupeKey?: string;
  workflowId?: string | null;
  maxAttempts?: number;
};

/** Queues jobs; one whose key already has a live job is not queued again. Call it in the change's transaction. */
export async function enqueueJobs(tx: Db, list: NewJob[]) {
  if (list.length === 0) return;
  await enqueueJobsStatement(tx, list);
}

/** `enqueueJobs` as a statement not yet run (at least one job), to compose with others in one round trip. */
export function enqueueJobsStatement(tx: Db, list: NewJob[]) {
  return tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        runAt: job.runAt,
        dedupeKey: job.dedupeKey ?? null,
        workflowId: job.workflowId ?? null,
        maxAttempts: job.maxAttempts ?? JOB_RUNNER.maxAttempts,
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status = 'queued'` });
}

/** Cancels the queued jobs whose key starts with `prefix`; returns their keys. */
export async function cancelJobsByKeyPrefix(tx: Db, prefix: string, now: Date) {
  const rows = await tx
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(jobs.status, 'queued'), like(jobs.dedupeKey, `${prefix.replace(/[%_\\]/g, '\\$&')}%`)))
    .returning({ dedupeKey: jobs.dedupeKey });
  return rows.map((row) => row.dedupeKey as string);
}

/** Cancels the queued jobs with these keys. */
export async function cancelJobsByKey(tx: Db, keys: string[], now: Date) {
  if (keys.length === 0) return;
  await tx
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(jobs.status, 'queued'), inArray(jobs.dedupeKey, keys)));
}

// --- running jobs -----------------------------------------------------------------------------------

/**
 * Exported for the crash test: a claim whose process dies before running the jobs. One statement:
 * the due jobs are locked (skipping those another process holds), counted an attempt and held for
 * the claim period.
 */
export async function claimDueJobs(db: Db, now: Date, kinds: string[], limit: number): Promise<Job[]> {
  const due = db.$with('due').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  return db
    .with(due)
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAt: new Date(now.getTime() + JOB_RUNNER.claimMs) })
    .where(inArray(jobs.id, db.select({ id: due.id }).from(due)))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      dedupeKey: jobs.dedupeKey,
      workflowId: jobs.workflowId,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
}

function describeError(err: unknown) {
  const message = loggableError(err).message;
  return message.slice(0, JOB_RUNNER.lastErrorLength);
}

export type JobRunnerDeps = {
  db: Db;
  clock: Clock;
  kinds: Record<string, JobKind>;
  passes?: RunnerPass[];
  log?: JobLog;
  batchSize?: number;
  /**
   * Jobs of a batch run at once (default 1). Several pay off on PostgreSQL, where each handler's
   * queries use a connection of the pool; PGlite has one connection, so 1 there.
   */
  concurrency?: number;
};

/** Runs `work` over `items`, at most `concurrency` at a time. */
async function forEachConcurrently<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}

export type JobRoundResult = { claimed: number; done: number; retrying: number; failed: number };

/** Runs each claimed job (a kind's batch handler at once, other kinds one by one); answers why jobs stopped. */
async function runClaimed(deps: JobRunnerDeps, claimed: Job[]) {
  const outcomes = new Map<string, unknown>();
  const single: Job[] = [];
  const byKind = new Map<string, Job[]>();
  for (const job of claimed) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
  for (const [kindName, list] of byKind) {
    const kind = deps.kinds[kindName] as JobKind;
    const live = list.filter((job) => job.attempts <= job.maxAttempts);
    if (!kind.handleBatch) {
      single.push(...live);
      continue;
    }
    if (live.length === 0) continue;
    try {
      for (const [id, why] of await kind.handleBatch(live)) outcomes.set(id, why);
    } catch (err) {
      for (const job of live) outcomes.set(job.id, err);
    }
  }
  await forEachConcurrently(single, deps.concurrency ?? 1, async (job) => {
    try {
      await (deps.kinds[job.kind] as JobKind).handle(job);
    } catch (err) {
      outcomes.set(job.id, err);
    }
  });
  return outcomes;
}

/** One round over the jobs table: claims a batch of due jobs and runs them. Tests call it directly. */
export async function runDueJobs(deps: JobRunnerDeps): Promise<JobRoundResult> {
  const { db, clock, kinds, log } = deps;
  const claimed = await claimDueJobs(
    db,
    clock.now(),
    Object.keys(kinds),
    deps.batchSize ?? JOB_RUNNER.batchSize,
  );
  const result: JobRoundResult = { claimed: claimed.length, done: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return result;
  const outcomes = await runClaimed(deps, claimed);

  const done = claimed.filter((job) => job.attempts <= job.maxAttempts && !outcomes.has(job.id));
  if (done.length > 0) {
    await db
      .update(jobs)
      .set({ status: 'done', lastError: null, finishedAt: clock.now() })
      .where(
        and(
          inArray(
            jobs.id,
            done.map((job) => job.id),
          ),
          eq(jobs.status, 'queued'),
        ),
      );
    result.done = done.length;
  }

  for (const job of claimed) {
    const kind = kinds[job.kind] as JobKind;
    const fail = async (error: string) => {
      await db
        .update(jobs)
        .set({ status: 'failed', lastError: error, finishedAt: clock.now() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')));
      await kind.onFailed?.(job, error);
      result.failed += 1;
      log?.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
    };
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its last attempt never finished (the process stopped): give up.
      await fail('The last attempt did not finish.');
      continue;
    }
    if (!outcomes.has(job.id)) continue;
    const err = outcomes.get(job.id);
    if (err instanceof JobDelay) {
      await db
        .update(jobs)
        .set({ runAt: err.until, attempts: sql`${jobs.attempts} - 1` })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')));
      result.retrying += 1;
      continue;
    }
    const error = describeError(err);
    if (job.attempts >= job.maxAttempts) {
      await fail(error);
      continue;
    }
    const runAt = new Date(clock.now().getTime() + jobRetryDelayMs(job.attempts));
    await db
      .update(jobs)
      .set({ runAt, lastError: error })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')));
    result.retrying += 1;
    const name = err instanceof Error ? err.name : 'Error';
    log?.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, errorName: name },
      'job attempt failed',
    );
  }
  log?.info({ ...result }, 'job round');
  return result;
}

/** Runs rounds until nothing is due (tests and benchmarks). */
export async function drainDueJobs(deps: JobRunnerDeps) {
  let total = 0;
  for (;;) {
    const { claimed } = await runDueJobs(deps);
    total += claimed;
    if (claimed === 0) return total;
  }
}

/**
 * Every `intervalMs`: a round over the jobs table and each pass (at once again while a round comes
 * back full) until `stop()`, which waits for the running round. The timer does not keep the
 * process alive.
 */
export function startJobRunner(deps: JobRunnerDeps & { intervalMs: number }) {
  const batchSize = deps.batchSize ?? JOB_RUNNER.batchSize;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = round().finally(() => {
        running = undefined;
      });
    }, ms);
    timer.unref();
  };
  const round = async () => {
    let full = false;
    try {
      full = (await runDueJobs({ ...deps, batchSize })).claimed >= batchSize;
    } catch (err) {
      deps.log?.error({ errorName: err instanceof Error ? err.name : 'Error' }, 'job round failed');
    }
    for (const pass of deps.passes ?? []) {
      if (stopped) break;
      try {
        full = (await pass.run()).full || full;
      } catch (err) {
        deps.log?.error(
          { pass: pass.id, errorName: err instanceof Error ? err.name : 'Error' },
          'runner pass failed',
        );
      }
    }
    schedule(full ? 0 : deps.intervalMs);
  };

  schedule(0);
  return {
    /** Runs a round soon (after a change queued work due now). */
    nudge() {
      if (stopped || running || !timer) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof startJobRunner>;
