import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  cancelJobsByKey,
  cancelJobsByKeyPrefix,
  claimDueJobs,
  drainDueJobs,
  enqueueJobs,
  JOB_RUNNER,
  JobDelay,
  type JobKind,
  runDueJobs,
} from './job-runner.ts';

const MINUTE = 60_000;

describe('the job runner', () => {
  let t: TestApp;
  const ran: string[] = [];
  let failuresLeft = 0;
  let delayUntil: Date | null = null;
  const failed: string[] = [];
  const kinds: Record<string, JobKind> = {
    'test.record': {
      async handle(job) {
        if (delayUntil) {
          const until = delayUntil;
          delayUntil = null;
          throw new JobDelay(until);
        }
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('provider said no');
        }
        ran.push(String(job.payload.name));
      },
      async onFailed(job, error) {
        failed.push(`${job.payload.name}: ${error}`);
      },
    },
  };
  const deps = () => ({ db: t.db, clock: t.clock, kinds });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ran.length = 0;
    failed.length = 0;
    await t.db.delete(jobs);
  });

  it('runs a job due at T+5 minutes once, at T+5, under the controllable clock', async () => {
    await enqueueJobs(t.db, [
      {
        kind: 'test.record',
        payload: { name: 'later' },
        runAt: new Date(t.clock.now().getTime() + 5 * MINUTE),
      },
    ]);
    await drainDueJobs(deps());
    t.clock.advance(5 * MINUTE - 1);
    await drainDueJobs(deps());
    expect(ran).toEqual([]);
    t.clock.advance(1);
    await drainDueJobs(deps());
    await drainDueJobs(deps());
    expect(ran).toEqual(['later']);
    const [row] = await t.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('keeps one queued job per key, cancels by key and by prefix', async () => {
    const now = t.clock.now();
    await enqueueJobs(t.db, [
      { kind: 'test.record', payload: { name: 'a1' }, runAt: now, dedupeKey: 'seq:A:one' },
      { kind: 'test.record', payload: { name: 'a2' }, runAt: now, dedupeKey: 'seq:A:two' },
      { kind: 'test.record', payload: { name: 'b1' }, runAt: now, dedupeKey: 'seq:B:one' },
    ]);
    await enqueueJobs(t.db, [
      { kind: 'test.record', payload: { name: 'a1 again' }, runAt: now, dedupeKey: 'seq:A:one' },
    ]);
    expect(await t.db.select().from(jobs)).toHaveLength(3);
    expect(await cancelJobsByKeyPrefix(t.db, 'seq:A:', now)).toHaveLength(2);
    await cancelJobsByKey(t.db, ['seq:B:one'], now);
    await drainDueJobs(deps());
    expect(ran).toEqual([]);
    // A cancelled key may be queued again (a reschedule re-plans under the same keys).
    await enqueueJobs(t.db, [
      { kind: 'test.record', payload: { name: 'a1 new' }, runAt: now, dedupeKey: 'seq:A:one' },
    ]);
    await drainDueJobs(deps());
    expect(ran).toEqual(['a1 new']);
  });

  it('retries 1, 2, 4 and 8 minutes apart and marks the job failed after its last attempt', async () => {
    failuresLeft = 99;
    await enqueueJobs(t.db, [{ kind: 'test.record', payload: { name: 'doomed' }, runAt: t.clock.now() }]);
    const attemptsAt: number[] = [];
    for (let minute = 0; minute <= 20; minute += 1) {
      const before = failuresLeft;
      await drainDueJobs(deps());
      if (failuresLeft < before) attemptsAt.push(minute);
      t.clock.advance(MINUTE);
    }
    expect(attemptsAt).toEqual([0, 1, 3, 7, 15]);
    const [row] = await t.db.select().from(jobs);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: JOB_RUNNER.maxAttempts,
      lastError: 'provider said no',
    });
    expect(failed).toEqual(['doomed: provider said no']);
    failuresLeft = 0;
  });

  it('a delayed job waits without spending an attempt', async () => {
    await enqueueJobs(t.db, [{ kind: 'test.record', payload: { name: 'night' }, runAt: t.clock.now() }]);
    delayUntil = new Date(t.clock.now().getTime() + 10 * MINUTE);
    await drainDueJobs(deps());
    expect((await t.db.select().from(jobs))[0]).toMatchObject({ attempts: 0, status: 'queued' });
    t.clock.advance(10 * MINUTE);
    await drainDueJobs(deps());
    expect(ran).toEqual(['night']);
  });

  it('jobs claimed by a process that died run exactly once after the claim period, on another runner', async () => {
    const now = t.clock.now();
    await enqueueJobs(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'test.record',
        payload: { name: `job${i}` },
        runAt: now,
      })),
    );
    // Process A claims a batch and dies before running it.
    const claimed = await claimDueJobs(t.db, now, ['test.record'], 10);
    expect(claimed).toHaveLength(10);
    // Process B runs what is due: the other 20, not A's.
    await drainDueJobs(deps());
    expect(ran).toHaveLength(20);
    t.clock.advance(JOB_RUNNER.claimMs);
    await drainDueJobs(deps());
    expect(ran).toHaveLength(30);
    expect(new Set(ran).size).toBe(30);
    const rows = await t.db.select().from(jobs).where(eq(jobs.status, 'done'));
    expect(rows).toHaveLength(30);
  });

  it('leaves jobs of kinds it does not know alone', async () => {
    await enqueueJobs(t.db, [{ kind: 'test.unknown', runAt: t.clock.now() }]);
    expect(await runDueJobs(deps())).toMatchObject({ claimed: 0 });
  });
});
