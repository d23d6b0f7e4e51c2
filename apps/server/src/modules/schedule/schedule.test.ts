import { BOOKING_MESSAGES } from '@telecare/contracts/booking';
import {
  bookingsOutsideTimeslots,
  type CreateAvailableTimeRequest,
  dateHasBookings,
  SCHEDULE_MESSAGES as S,
} from '@telecare/contracts/schedule';
import { addDays, dayAt, formatDay, instantAt, weekdayOf } from '@telecare/domain/calendar';
import { expandRepeat } from '@telecare/domain/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  settings,
  sites,
  specialistAvailability,
  specialists,
  specialistTimeslots,
} from '../../db/schema/index.ts';
import {
  bearer,
  createSessionToken,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const URL = '/api/admin/specialists/available-time';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('schedule', () => {
  let t: TestApp;
  let supervisor: string;
  let admin: string;
  let smsSetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    supervisor = await createSessionToken(t.db, (await createUser(t.db, { role: 'TELECARE_SUPERVISOR' })).id);
    admin = await createSessionToken(t.db, (await createUser(t.db)).id);
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, as: string | null = supervisor) =>
    t.app.inject({ method, url, ...(as ? { headers: bearer(as) } : {}), ...(payload ? { payload } : {}) });

  /** A Monday some weeks ahead (in Perth). */
  const mondayAhead = (weeks: number) => {
    const day = dayAt(t.clock.now().getTime() + weeks * 7 * 86_400_000, 'Australia/Perth');
    return addDays(day, (8 - weekdayOf(day)) % 7);
  };
  const month = (date: string) => date.slice(0, 7).replace('-', '');
  const save = (specialistId: string, dates: string[], extra: Partial<CreateAvailableTimeRequest> = {}) =>
    ({
      specialistId,
      timezone: 'Australia/Perth',
      appointmentLength: { newTime: 30, reviewTime: 15 },
      dates,
      timeslots: [{ start: '09:00', end: '12:00', selectedRoom: 1 }],
      isPrivate: false,
      ...extra,
    }) satisfies CreateAvailableTimeRequest;
  const monthOf = async (specialistId: string, date: string, as = supervisor) => {
    const res = await call('GET', `${URL}?specialistId=${specialistId}&month=${month(date)}`, undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      date: string;
      timezone: string;
      isPrivate: boolean;
      timeslots: object[];
      bookedCount: number;
    }[];
  };

  async function book(specialistId: string, date: string, startTime: string, timezone = 'Australia/Perth') {
    const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    return call('POST', '/api/admin/coreplus/appointment', {
      id: workflow.id,
      appointment: {
        specialistId,
        date,
        startTime,
        durationMinutes: 30,
        timezone,
        appointmentType: 'atHome',
        consultationType: 'NEW',
      },
      selectedSMSTemplateSetId: smsSetId,
    });
  }

  it('saves a repeating schedule: Perth, 30-15, every 2 weeks on Monday and Wednesday, 09:00-12:00 Room 1', async () => {
    const specialist = await createSpecialist(t.db);
    const from = mondayAhead(2);
    const dates = expandRepeat({ from, to: addDays(from, 27), everyWeeks: 2, weekdays: [1, 3] });
    expect(dates).toEqual([from, addDays(from, 2), addDays(from, 14), addDays(from, 16)]);
    const res = await call('POST', URL, save(specialist.id, dates));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Create specialist available dates success.', dates });

    const listed = [
      ...(await monthOf(specialist.id, from)),
      ...(await monthOf(specialist.id, addDays(from, 16))),
    ];
    const unique = [...new Map(listed.map((d) => [d.date, d])).values()];
    expect(unique.map((d) => d.date).sort()).toEqual(dates);
    expect(unique[0]).toEqual({
      date: from,
      timezone: 'Australia/Perth',
      isPrivate: false,
      timeslots: [{ start: '09:00', end: '12:00', selectedRoom: 1 }],
      bookedCount: 0,
    });
    // The lengths and zone are the specialist's now; the booking form offers the dates.
    const [row] = await t.db.select().from(specialists).where(eq(specialists.id, specialist.id));
    expect(row).toMatchObject({
      timezone: 'Australia/Perth',
      newAppointmentMinutes: 30,
      reviewAppointmentMinutes: 15,
    });
    const free = await call(
      'GET',
      `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${month(from)}`,
    );
    expect(free.json().dates.find((d: { date: string }) => d.date === from)).toEqual({
      date: from,
      timezone: 'Australia/Perth',
      slots: [{ start: '09:00', end: '12:00', room: 1 }],
    });
    const [trail] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'schedule.saved'));
    expect(trail?.entityId).toBe(specialist.id);
  });

  it("answers the spec's texts one at a time, in its order, as 400 fieldErrors, and saves nothing", async () => {
    const specialist = await createSpecialist(t.db);
    const date = mondayAhead(3);
    const good = save(specialist.id, [date]);
    const cases: [object, string, string][] = [
      [{}, 'specialistId', S.specialist],
      [{ specialistId: specialist.id }, 'timezone', S.timezone],
      [{ ...good, timezone: 'Europe/London' }, 'timezone', S.timezone],
      [
        { ...good, appointmentLength: { newTime: 30, reviewTime: 25 } },
        'appointmentLength',
        S.appointmentLength,
      ],
      [{ ...good, dates: [] }, 'dates', S.dates],
      [{ ...good, timeslots: [] }, 'timeslots', S.timeslots],
      [
        { ...good, timeslots: [{ start: '10:00', end: '09:30', selectedRoom: 1 }] },
        'timeslots.0.end',
        S.startBeforeEnd,
      ],
      [
        { ...good, timeslots: [{ start: '09:00', end: '09:30', selectedRoom: null }] },
        'timeslots.0.selectedRoom',
        S.room,
      ],
      [
        {
          ...good,
          timeslots: [
            { start: '09:00', end: '10:00', selectedRoom: 1 },
            { start: '09:30', end: '10:30', selectedRoom: 1 },
          ],
        },
        'timeslots.1',
        S.overlap,
      ],
      [{ ...good, timeslots: [{ start: '09:03', end: '10:00', selectedRoom: 1 }] }, 'timeslots.0', S.badTime],
      [
        { ...good, timeslots: [{ start: '09:00', end: '10:00', selectedRoom: 2 }] },
        'timeslots.0.selectedRoom',
        S.unknownRoom,
      ],
      [{ ...good, dates: [addDays(dayAt(t.clock.now(), 'Australia/Perth'), -1)] }, 'dates', S.pastDate],
      [{ ...good, dates: ['2027-02-30'] }, 'dates', S.badDate],
      [{ ...good, dates: [date, addDays(date, 366)] }, 'dates', S.repeatTooLong],
      [
        { ...good, specialistId: '00000000-0000-4000-8000-000000000000' },
        'specialistId',
        S.unknownSpecialist,
      ],
      [{ ...good, specialistId: 'not-an-id' }, 'specialistId', S.unknownSpecialist],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', URL, body);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { [field]: [message] } });
    }
    const wrongType = await call('POST', URL, { ...good, dates: 'tomorrow' });
    expect(wrongType.statusCode).toBe(400);
    const saved = await t.db
      .select()
      .from(specialistAvailability)
      .where(eq(specialistAvailability.specialistId, specialist.id));
    expect(saved).toEqual([]);
  });

  it("replaces a date's timeslots, but not when a booked appointment would fall outside them (409, nothing changed)", async () => {
    const specialist = await createSpecialist(t.db);
    const date = mondayAhead(4);
    expect((await call('POST', URL, save(specialist.id, [date]))).statusCode).toBe(201);
    expect((await book(specialist.id, date, '10:00')).statusCode).toBe(201);

    const afternoon = { timeslots: [{ start: '13:00', end: '15:00', selectedRoom: 1 }] };
    const refused = await call('POST', URL, save(specialist.id, [date, addDays(date, 1)], afternoon));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bookingsOutsideTimeslots(formatDay(date), ['10:00 AWST']));
    expect(await monthOf(specialist.id, date)).toEqual([
      expect.objectContaining({
        date,
        timeslots: [{ start: '09:00', end: '12:00', selectedRoom: 1 }],
        bookedCount: 1,
      }),
    ]);

    const kept = {
      timeslots: [
        { start: '10:00', end: '10:30', selectedRoom: 1 },
        { start: '13:00', end: '15:00', selectedRoom: 1 },
      ],
    };
    expect(
      (await call('POST', URL, save(specialist.id, [date], { ...kept, isPrivate: true }))).statusCode,
    ).toBe(201);
    const [day] = await monthOf(specialist.id, date);
    expect(day).toMatchObject({ isPrivate: true, timeslots: kept.timeslots, bookedCount: 1 });
    const slots = await t.db.select().from(specialistTimeslots);
    expect(slots.filter((r) => r.startTime === '10:00:00' && r.endTime === '10:30:00')).toHaveLength(1);
  });

  it('deletes a date without bookings (204), refuses one with bookings naming how many (409), 404 for none', async () => {
    const specialist = await createSpecialist(t.db);
    const free = mondayAhead(5);
    const booked = addDays(free, 1);
    expect((await call('POST', URL, save(specialist.id, [free, booked]))).statusCode).toBe(201);
    expect((await book(specialist.id, booked, '09:00')).statusCode).toBe(201);
    expect((await book(specialist.id, booked, '11:00')).statusCode).toBe(201);

    const del = (date: string, as = supervisor) =>
      call('DELETE', `${URL}?specialistId=${specialist.id}&date=${date}`, undefined, as);
    expect((await del(free)).statusCode).toBe(204);
    const refused = await del(booked);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(dateHasBookings(2));
    expect(dateHasBookings(2)).toBe('This date has 2 booked appointments; cancel or reschedule them first.');
    expect((await monthOf(specialist.id, free)).map((d) => d.date)).toEqual([booked]);
    expect((await del(free)).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}?specialistId=${specialist.id}&date=soon`)).statusCode).toBe(400);
    const unreal = await call('DELETE', `${URL}?specialistId=${specialist.id}&date=2027-02-30`);
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json().fieldErrors).toEqual({ date: [S.badDate] });
    expect(
      (await call('DELETE', `${URL}?specialistId=00000000-0000-4000-8000-000000000000&date=${free}`))
        .statusCode,
    ).toBe(404);
  });

  it('sets the appointment length (45-20) and zone; refuses a pair not offered', async () => {
    const specialist = await createSpecialist(t.db);
    const put = (body: object, as = supervisor) => call('PUT', '/api/admin/specialists/apt-length', body, as);
    const body = {
      specialist: specialist.id,
      appointmentLength: { timezone: 'Australia/Adelaide', newTime: 45, reviewTime: 20 },
    };
    expect((await put(body)).statusCode).toBe(204);
    const [row] = await t.db.select().from(specialists).where(eq(specialists.id, specialist.id));
    expect(row).toMatchObject({
      timezone: 'Australia/Adelaide',
      newAppointmentMinutes: 45,
      reviewAppointmentMinutes: 20,
    });
    const bad = await put({ ...body, appointmentLength: { ...body.appointmentLength, reviewTime: 25 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ appointmentLength: [S.appointmentLength] });
    expect(
      (await put({ ...body, appointmentLength: { ...body.appointmentLength, timezone: 'UTC' } })).statusCode,
    ).toBe(400);
    expect((await put({ ...body, specialist: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
  });

  it('offers the specialists and the tenant room list, and syncs through the adapter', async () => {
    await t.db.insert(settings).values({
      key: 'rooms',
      value: [
        { number: 1, name: 'Own Device' },
        { number: 3, name: 'Clinic' },
      ],
    });
    const options = await call('GET', '/api/admin/specialists/schedule-options', undefined, admin);
    expect(options.statusCode).toBe(200);
    expect(options.json().rooms).toEqual([
      { number: 1, name: 'Own Device' },
      { number: 3, name: 'Clinic' },
    ]);
    expect(options.json().specialists.length).toBeGreaterThan(0);
    const specialist = await createSpecialist(t.db);
    expect(
      (
        await call(
          'POST',
          URL,
          save(specialist.id, [mondayAhead(6)], {
            timeslots: [{ start: '09:00', end: '10:00', selectedRoom: 3 }],
          }),
        )
      ).statusCode,
    ).toBe(201);
    await t.db.delete(settings).where(eq(settings.key, 'rooms'));
    const sync = await call('GET', '/api/admin/specialists/sync');
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ added: 0, updated: 0 });
    expect(sync.json().unchanged).toBeGreaterThan(0);
  });

  it('lets every staff role read, and only OTHER_SETTINGS write: admin 403, anonymous 401', async () => {
    const specialist = await createSpecialist(t.db);
    const date = mondayAhead(7);
    expect(await monthOf(specialist.id, date, admin)).toEqual([]);
    const writes: [Method, string, object?][] = [
      ['POST', URL, save(specialist.id, [date])],
      ['DELETE', `${URL}?specialistId=${specialist.id}&date=${date}`],
      [
        'PUT',
        '/api/admin/specialists/apt-length',
        {
          specialist: specialist.id,
          appointmentLength: { timezone: 'Australia/Perth', newTime: 30, reviewTime: 15 },
        },
      ],
      ['GET', '/api/admin/specialists/sync'],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, body, admin)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const url of [
      `${URL}?specialistId=${specialist.id}&month=${month(date)}`,
      '/api/admin/specialists/schedule-options',
    ]) {
      expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    }
    expect((await call('GET', `${URL}?specialistId=${specialist.id}&month=2027-01`)).statusCode).toBe(400);
    expect(
      (await call('GET', `${URL}?specialistId=00000000-0000-4000-8000-000000000000&month=202701`)).statusCode,
    ).toBe(404);
    expect(
      await t.db
        .select()
        .from(specialistAvailability)
        .where(eq(specialistAvailability.specialistId, specialist.id)),
    ).toEqual([]);
  });

  it.each([
    ['Australia/Sydney', 60],
    ['Australia/Lord_Howe', 30],
    ['Australia/Adelaide', 60],
    ['Australia/Brisbane', 0],
  ])(
    '%s: 09:00 bookings either side of the October and April changes differ by the offset change',
    async (zone, shift) => {
      const specialist = await createSpecialist(t.db);
      for (const [sunday, direction] of [
        ['2027-10-03', -1],
        ['2028-04-02', 1],
      ] as const) {
        const friday = addDays(sunday, -2);
        const monday = addDays(sunday, 1);
        const res = await call(
          'POST',
          URL,
          save(specialist.id, [friday, sunday, monday], { timezone: zone }),
        );
        expect(res.statusCode, res.body).toBe(201);
        const starts: Date[] = [];
        for (const day of [friday, sunday, monday]) {
          const booked = await book(specialist.id, day, '09:00', zone);
          expect(booked.statusCode, booked.body).toBe(201);
          starts.push(new Date(booked.json().appointment.startDateTime));
          expect(starts.at(-1)).toEqual(instantAt(day, '09:00', zone));
        }
        const [fri, , mon] = starts.map((d) => d.getTime());
        expect((mon ?? 0) - (fri ?? 0)).toBe((72 * 60 + direction * shift) * 60_000);
        const days: { date: string; slots: { start: string; end: string }[] }[] = [];
        for (const m of new Set([month(friday), month(monday)])) {
          const free = await call(
            'GET',
            `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${m}`,
          );
          days.push(
            ...free.json().dates.filter((d: { date: string }) => [friday, sunday, monday].includes(d.date)),
          );
        }
        expect(days.map((d) => d.date)).toEqual([friday, sunday, monday]);
        for (const d of days) expect(d.slots).toEqual([{ start: '09:30', end: '12:00', room: 1 }]);
      }
      expect(BOOKING_MESSAGES.timeNotAvailable).toBe('The time is not available.');
    },
  );
});
