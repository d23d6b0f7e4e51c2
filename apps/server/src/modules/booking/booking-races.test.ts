import { BOOKING_MESSAGES as B, type CreateBookingRequest } from '@telecare/contracts/booking';
import { dayAt, instantAt } from '@telecare/domain/calendar';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, sites } from '../../db/schema/index.ts';
import {
  bearer,
  createAvailability,
  createClient,
  createSessionToken,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ZONE = 'Australia/Melbourne';
const URL = '/api/admin/coreplus/appointment';

describe('booking races', () => {
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

  const day = (weeks: number) => dayAt(t.clock.now().getTime() + weeks * 7 * 86_400_000, ZONE);

  async function specialistWithDay(date: string, slot = { start: '09:00', end: '17:00' }) {
    const specialist = await createSpecialist(t.db);
    await createAvailability(t.db, { specialistId: specialist.id, fullDate: date, slots: [slot] });
    return specialist;
  }

  const booking = (workflowId: string, specialistId: string, date: string, startTime: string) =>
    ({
      id: workflowId,
      appointment: {
        specialistId,
        date,
        startTime,
        durationMinutes: 30,
        timezone: ZONE,
        appointmentType: 'atHome',
        consultationType: 'REVIEW',
      },
      selectedSMSTemplateSetId: smsSetId,
    }) satisfies CreateBookingRequest;

  /** `racers` workflows book at the same moment; each answer's status and time. */
  async function race(specialistId: string, date: string, startTimes: (i: number) => string, racers: number) {
    const workflows = [];
    for (let i = 0; i < racers; i += 1)
      workflows.push(await createWorkflow(t.db, { referralEndDate: '1900-01-01' }));
    return Promise.all(
      workflows.map(async (w, i) => {
        const started = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: URL,
          headers: bearer(token),
          payload: booking(w.id, specialistId, date, startTimes(i)),
        });
        return {
          status: res.statusCode,
          message: res.json().message as string,
          ms: performance.now() - started,
        };
      }),
    );
  }

  /** Pairs of live appointments of the specialist whose times overlap. */
  async function doubleBookings(specialistId: string) {
    const rows = await t.db
      .select({ start: appointments.startDateTime, end: appointments.endDateTime })
      .from(appointments)
      .where(sql`${appointments.specialistId} = ${specialistId} AND ${appointments.cancelledAt} IS NULL`)
      .orderBy(appointments.startDateTime);
    return rows.filter((row, i) => i > 0 && (rows[i - 1]?.end ?? 0) > row.start).length;
  }

  it('20 concurrent bookings of one slot: one 201 and 19 x 409, each answered in under a second', async () => {
    const date = day(3);
    const specialist = await specialistWithDay(date);
    // One booking first, so the timings are of a warm server (not of loading the modules).
    const [warmUp] = await race(specialist.id, date, () => '15:00', 1);
    expect(warmUp?.status).toBe(201);
    const answers = await race(specialist.id, date, () => '10:00', 20);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.message).toBe(B.timeNotAvailable);
    for (const a of answers) expect(a.ms).toBeLessThan(1000);
    const booked = await t.db.select().from(appointments).where(eq(appointments.specialistId, specialist.id));
    expect(booked).toHaveLength(2);
  });

  it('overlapping (not equal) times racing: never two live appointments that overlap', async () => {
    const date = day(4);
    const specialist = await specialistWithDay(date);
    // 10:00, 10:05, ... 10:45, each 30 minutes: at most two can coexist (10:00 and 10:30 .. 10:45).
    const answers = await race(specialist.id, date, (i) => `10:${String((i % 10) * 5).padStart(2, '0')}`, 20);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(await doubleBookings(specialist.id)).toBe(0);
  });

  it('100 racers (on either database): one booking, 99 refusals, no double booking', async () => {
    const date = day(5);
    const specialist = await specialistWithDay(date);
    const answers = await race(specialist.id, date, () => '11:00', 100);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    expect(await doubleBookings(specialist.id)).toBe(0);
  });

  it('a booking racing the deletion of its date: never a live appointment on a deleted date', async () => {
    const supervisor = await createSessionToken(
      t.db,
      (await createUser(t.db, { role: 'TELECARE_SUPERVISOR' })).id,
    );
    for (let round = 0; round < 10; round += 1) {
      const date = day(10 + round);
      const specialist = await specialistWithDay(date);
      const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
      const [booked, deleted] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: URL,
          headers: bearer(token),
          payload: booking(workflow.id, specialist.id, date, '10:00'),
        }),
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/specialists/available-time?specialistId=${specialist.id}&date=${date}`,
          headers: bearer(supervisor),
        }),
      ]);
      // Either one wins; both at once would be a stranded patient.
      const outcome = `${booked.statusCode} ${deleted.statusCode}`;
      expect(['201 409', '400 204', '409 204'], `${booked.body} ${deleted.body}`).toContain(outcome);
      const live = await t.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(sql`${appointments.specialistId} = ${specialist.id} AND ${appointments.cancelledAt} IS NULL`);
      expect(live.length).toBe(booked.statusCode === 201 ? 1 : 0);
    }
  });

  it('the database itself refuses two overlapping live appointments of one specialist', async () => {
    const date = day(6);
    const specialist = await specialistWithDay(date);
    const client = await createClient(t.db);
    const row = (start: string, cancelledAt: Date | null = null) => ({
      clientId: client.id,
      specialistId: specialist.id,
      startDateTime: instantAt(date, start, ZONE),
      endDateTime: new Date(instantAt(date, start, ZONE).getTime() + 30 * 60_000),
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome' as const,
      consultationType: 'NEW' as const,
      cancelledAt,
    });
    await t.db.insert(appointments).values(row('09:00'));
    const overlap = await t.db
      .insert(appointments)
      .values(row('09:15'))
      .then(
        () => 'inserted',
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    expect(overlap).toBe('23P01');
    // Back to back is fine, and a cancelled appointment does not hold its time.
    await t.db.insert(appointments).values(row('09:30'));
    await t.db.insert(appointments).values(row('09:00', new Date()));
  });
});
