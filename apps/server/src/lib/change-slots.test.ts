import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config.ts';
import { isDatabaseUnavailable, isServerBusy } from '../db/database-errors.ts';
import { todos } from '../db/schema/index.ts';
import { expectBusyAnswer } from '../test/busy-answer.ts';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ChangeSlots, changeSlotsOf, TURN_WAIT_MS } from './change-slots.ts';

/** A change that runs until `finish` is called. */
function heldChange(log: string[], name: string) {
  let finish: (fail?: boolean) => void = () => undefined;
  const change = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = (fail = false) => {
        log.push(`end ${name}`);
        if (fail) reject(new Error(`${name} failed`));
        else resolve(name);
      };
    });
  };
  return { change, finish: (fail?: boolean) => finish(fail) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('change slots', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most `limit` changes at once, the others in the order they came', async () => {
    const slots = new ChangeSlots(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldChange(log, name)) as [
      ReturnType<typeof heldChange>,
      ReturnType<typeof heldChange>,
      ReturnType<typeof heldChange>,
      ReturnType<typeof heldChange>,
    ];
    const settledAll = Promise.allSettled([a, b, c, d].map((held) => slots.run(held.change)));
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await flush();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a.finish(true);
    await flush();
    expect(log.slice(-2)).toEqual(['end a', 'start d']);
    c.finish();
    d.finish();
    const settled = await settledAll;
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Every turn was given back: two new changes start at once.
    const e = heldChange(log, 'e');
    const f = heldChange(log, 'f');
    const more = [slots.run(e.change), slots.run(f.change)];
    await flush();
    expect(log.slice(-2)).toEqual(['start e', 'start f']);
    e.finish();
    f.finish();
    await Promise.all(more);
  });

  it('fails a change that gets no turn in time as a busy server, without running it', async () => {
    vi.useFakeTimers();
    const slots = new ChangeSlots(1);
    const log: string[] = [];
    const first = heldChange(log, 'first');
    const running = slots.run(first.change);
    const late = slots.run(heldChange(log, 'late').change);
    const outcome = late.then(
      () => 'ran',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(TURN_WAIT_MS - 1);
    expect(log).toEqual(['start first']);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'SERVER_BUSY' });
    expect(isServerBusy(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    first.finish();
    await running;
    // The late change left the queue: the next one starts at once.
    const next = heldChange(log, 'next');
    const after = slots.run(next.change);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start first', 'end first', 'start next']);
    next.finish();
    await after;
  });

  it('takes DATABASE_CHANGES_AT_ONCE from 1 to 100, 4 by default', () => {
    expect(readConfig({}).DATABASE_CHANGES_AT_ONCE).toBe(4);
    expect(readConfig({ DATABASE_CHANGES_AT_ONCE: '12' }).DATABASE_CHANGES_AT_ONCE).toBe(12);
    for (const bad of ['0', '101', 'many', '2.5']) {
      expect(() => readConfig({ DATABASE_CHANGES_AT_ONCE: bad }), bad).toThrow(/DATABASE_CHANGES_AT_ONCE/);
    }
  });
});

describe('a server whose changes are all taken', () => {
  let t: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_CHANGES_AT_ONCE: '1' } });
    const user = await createUser(t.db, { role: 'TELECARE_ADMIN' });
    userId = user.id;
    token = await createSessionToken(t.db, user.id);
  });
  afterAll(() => t.close());

  const addTodo = (description: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/todo',
      headers: bearer(token),
      payload: { assignedTo: userId, urgency: 2, status: 'uncompleted', dueDate: '2026-12-01', description },
    });

  it('answers a change that waits past its turn 503 SERVER_BUSY, saves nothing, and takes the next one once free', async () => {
    let release: () => void = () => undefined;
    const held = changeSlotsOf(t.db).run(() => new Promise<void>((resolve) => (release = resolve)));
    const started = Date.now();
    expectBusyAnswer(await addTodo('Waits for a turn'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(TURN_WAIT_MS - 50);
    expect(await t.db.select().from(todos).where(eq(todos.description, 'Waits for a turn'))).toEqual([]);
    release();
    await held;
    const saved = await addTodo('After the turn');
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
