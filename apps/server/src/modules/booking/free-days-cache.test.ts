import { addDays, todayIn } from '@telecare/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sites } from '../../db/schema/index.ts';
import { type ChangeFeed, createChangeFeed } from '../../lib/change-feed.ts';
import { createChangeWriter } from '../../lib/write-change.ts';
import {
  bearer,
  createAvailability,
  createSessionToken,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createFreeDaysCache, type FreeDaysCache } from './free-days-cache.ts';

const ZONE = 'Australia/Sydney';

describe('free-days cache', () => {
  let database: Database;
  let changes: ChangeFeed;
  let otherProcess: ChangeFeed;
  let cache: FreeDaysCache;
  let clockMs = 0;
  const from = addDays(todayIn(ZONE), 30);
  const to = addDays(from, 6);
  const options = { includePrivate: true };

  beforeAll(async () => {
    database = await openTestDatabase();
    changes = createChangeFeed(database);
    otherProcess = createChangeFeed(database);
    cache = createFreeDaysCache({ db: database.db, changes, now: () => clockMs });
    await cache.start();
  });
  afterAll(async () => {
    await changes.close();
    await otherProcess.close();
    await database.close();
  });

  async function specialistWithOneDay() {
    const specialist = await createSpecialist(database.db, { timezone: ZONE });
    await createAvailability(database.db, {
      specialistId: specialist.id,
      fullDate: from,
      timezone: ZONE,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    return specialist.id;
  }
  const datesOf = async (id: string) =>
    (await cache.freeDays([id], from, to, options)).map((day) => day.date);
  const addSecondDay = (id: string) =>
    createAvailability(database.db, {
      specialistId: id,
      fullDate: addDays(from, 1),
      timezone: ZONE,
      slots: [{ start: '09:00', end: '10:00' }],
    });

  it('answers from what it kept until a committed schedule change of that specialist', async () => {
    const id = await specialistWithOneDay();
    const other = await specialistWithOneDay();
    expect(await datesOf(id)).toEqual([from]);
    expect(await datesOf(other)).toEqual([from]);
    // Written around the change feed (as a script would): the kept answer stays.
    await addSecondDay(id);
    await addSecondDay(other);
    expect(await datesOf(id)).toEqual([from]);
    // A change writer's commit: this process forgets the specialist at once, before any NOTIFY.
    const write = createChangeWriter({ db: database.db, changes });
    await write(async () => ({ result: null, events: [{ type: 'schedule.changed', ids: [id] }] }));
    expect(await datesOf(id)).toEqual([from, addDays(from, 1)]);
    expect(await datesOf(other)).toEqual([from]);
  });

  it("forgets a specialist when another process's change arrives by NOTIFY", async () => {
    const id = await specialistWithOneDay();
    expect(await datesOf(id)).toEqual([from]);
    await addSecondDay(id);
    await otherProcess.publish(database.db, { type: 'schedule.changed', ids: [id] });
    const deadline = Date.now() + 5000;
    let dates = await datesOf(id);
    while (dates.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      dates = await datesOf(id);
    }
    expect(dates).toEqual([from, addDays(from, 1)]);
  });

  it('does not keep an answer computed while its specialist changed', async () => {
    const id = await specialistWithOneDay();
    const during = cache.freeDays([id], from, to, options);
    cache.forget([id]);
    await addSecondDay(id);
    expect((await during).map((day) => day.date)).toEqual([from]);
    expect(await datesOf(id)).toEqual([from, addDays(from, 1)]);
  });

  it('reads again after a minute, for writes nobody announced', async () => {
    const id = await specialistWithOneDay();
    expect(await datesOf(id)).toEqual([from]);
    await addSecondDay(id);
    clockMs += 59_000;
    expect(await datesOf(id)).toEqual([from]);
    clockMs += 2_000;
    expect(await datesOf(id)).toEqual([from, addDays(from, 1)]);
  });
});

describe('calendars after bookings (through the API)', () => {
  let t: TestApp;
  let token: string;
  let smsSetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
  });
  afterAll(() => t.close());

  it('shows a booked time as taken and a cancelled one as free again at once', async () => {
    const date = addDays(todayIn(ZONE, t.clock.now()), 35);
    const month = date.slice(0, 7).replace('-', '');
    const specialist = await createSpecialist(t.db, { timezone: ZONE, newAppointmentMinutes: 30 });
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: date,
      timezone: ZONE,
      slots: [{ start: '09:00', end: '09:30' }],
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const bookingSlots = async () =>
      (
        (
          await get(`/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${month}`)
        ).json() as { dates: { date: string; slots: unknown[] }[] }
      ).dates.find((d) => d.date === date)?.slots ?? [];
    const pageDates = async () =>
      (
        (await get(`/api/admin/specialists/available-dates?month=${month}&type=NEW`)).json() as {
          specialists: { specialistId: string; dates: { date: string }[] }[];
        }
      ).specialists
        .find((s) => s.specialistId === specialist.id)
        ?.dates.map((d) => d.date) ?? [];

    expect(await bookingSlots()).toEqual([{ start: '09:00', end: '09:30', room: 1 }]);
    expect(await pageDates()).toEqual([date]);
    const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coreplus/appointment',
      headers: bearer(token),
      payload: {
        id: workflow.id,
        appointment: {
          specialistId: specialist.id,
          date,
          startTime: '09:00',
          durationMinutes: 30,
          timezone: ZONE,
          appointmentType: 'atHome',
          consultationType: 'NEW',
        },
        selectedSMSTemplateSetId: smsSetId,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await bookingSlots()).toEqual([]);
    expect(await pageDates()).toEqual([]);
    const appointmentId = (booked.json() as { appointment: { id: string } }).appointment.id;
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/coreplus/appointment',
      headers: bearer(token),
      payload: { id: workflow.id, appointmentId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bookingSlots()).toEqual([{ start: '09:00', end: '09:30', room: 1 }]);
    expect(await pageDates()).toEqual([date]);
  });
});
