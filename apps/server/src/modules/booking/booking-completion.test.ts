import { BOOKING_MESSAGES as B, type CreateBookingRequest } from '@telecare/contracts/booking';
import { AUTO_NOTES_MARKER, autoNotes, userNotes } from '@telecare/domain/booking-notes';
import {
  addDays,
  dayAt,
  formatDay,
  instantAt,
  zoneAbbreviation,
  zoneAbbreviationOn,
} from '@telecare/domain/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, sites, workflowActivities, workflows } from '../../db/schema/index.ts';
import {
  bearer,
  createAvailability,
  createSessionToken,
  createSite,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ZONE = 'Australia/Melbourne';
const URL = '/api/admin/coreplus/appointment';

describe('booking completion (RT note, auto notes, activities, video link)', () => {
  let t: TestApp;
  let token: string;
  let smsSetId: string;
  let rtSiteId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(
      t.db,
      (await createUser(t.db, { firstName: 'Sam', lastName: 'Staff' })).id,
    );
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
    rtSiteId = (await createSite(t.db, { name: 'RT' })).id;
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', payload: object) =>
    t.app.inject({ method, url: URL, headers: bearer(token), payload });
  const day = (weeks: number) => dayAt(t.clock.now().getTime() + weeks * 7 * 86_400_000, ZONE);

  async function bookable(dates: string[], overrides = {}) {
    const specialist = await createSpecialist(t.db, overrides);
    for (const fullDate of dates) {
      await createAvailability(t.db, {
        specialistId: specialist.id,
        fullDate,
        slots: [{ start: '09:00', end: '12:00' }],
      });
    }
    const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    return { specialist, workflow };
  }

  const booking = (
    workflowId: string,
    specialistId: string,
    date: string,
    extra: Partial<CreateBookingRequest['appointment']> = {},
  ): CreateBookingRequest => ({
    id: workflowId,
    appointment: {
      specialistId,
      date,
      startTime: '10:00',
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome',
      consultationType: 'NEW',
      contOrTbc: 'CONT',
      ...extra,
    },
    selectedSMSTemplateSetId: smsSetId,
  });

  const appointmentOf = async (id: string) =>
    (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];

  it('refuses the RT site without an RT note, and keeps the note in the appointment notes', async () => {
    const date = day(3);
    const { specialist, workflow } = await bookable([date]);
    const hospital = { appointmentType: 'atGpClinic' as const, siteId: rtSiteId };
    for (const rtNote of [undefined, '', '   ']) {
      const res = await call('POST', booking(workflow.id, specialist.id, date, { ...hospital, rtNote }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: B.site, fieldErrors: { 'appointment.siteId': [B.site] } });
    }
    const res = await call(
      'POST',
      booking(workflow.id, specialist.id, date, { ...hospital, rtNote: 'Radiotherapy review' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await appointmentOf(res.json().appointment.id);
    expect(autoNotes(row?.notes)).toContain('RT note: Radiotherapy review');
  });

  it("writes the auto part after the marker; staff's notes stay apart", async () => {
    const date = day(4);
    const { specialist, workflow } = await bookable([date]);
    const res = await call(
      'POST',
      booking(workflow.id, specialist.id, date, { notes: 'Needs interpreter', dialInMethod: 'phone' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await appointmentOf(res.json().appointment.id);
    expect(row?.notes).toContain(AUTO_NOTES_MARKER);
    expect(userNotes(row?.notes)).toBe('Needs interpreter');
    const auto = autoNotes(row?.notes);
    // The booking's own time, naming its zone (AEST or AEDT today) and the zone's IANA name.
    const zoneNow = zoneAbbreviation(t.clock.now(), ZONE);
    expect(auto[0]).toMatch(
      new RegExp(
        `^Booked by Sam Staff on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} ${zoneNow} \\(Australia/Melbourne\\)$`,
      ),
    );
    expect(auto).toEqual(expect.arrayContaining(['Dial-in: phone', 'CONT/TBC: CONT']));
  });

  it('a reschedule 14 days later writes postpone, 2 weeks, with the reason, and notes where it came from', async () => {
    const date = day(3);
    const later = addDays(date, 14);
    const { specialist, workflow } = await bookable([date, later]);
    const booked = await call(
      'POST',
      booking(workflow.id, specialist.id, date, { notes: 'Needs interpreter' }),
    );
    const appointmentId = booked.json().appointment.id as string;
    const moved = await call('PATCH', {
      id: workflow.id,
      appointmentId,
      startDateTime: instantAt(later, '10:00', ZONE).toISOString(),
      duration: 30,
      reason: 'Specialist away',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const activities = await t.db
      .select()
      .from(workflowActivities)
      .where(eq(workflowActivities.workflowId, workflow.id));
    expect(activities).toEqual([
      expect.objectContaining({ name: 'postpone', postponeWeeks: 2, reason: 'Specialist away' }),
    ]);
    const [row] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(row?.lastActivityName).toBe('postpone');
    const notes = (await appointmentOf(appointmentId))?.notes;
    expect(userNotes(notes)).toBe('Needs interpreter');
    expect(autoNotes(notes).at(-1)).toBe(
      `Rescheduled from ${formatDay(date)} 10:00 ${zoneAbbreviationOn(date, ZONE)} (Australia/Melbourne) by Sam Staff`,
    );

    // Earlier in the same day: no postpone.
    const back = await call('PATCH', {
      id: workflow.id,
      appointmentId,
      startDateTime: instantAt(later, '09:00', ZONE).toISOString(),
      duration: 30,
    });
    expect(back.statusCode).toBe(200);
    expect(
      await t.db.select().from(workflowActivities).where(eq(workflowActivities.workflowId, workflow.id)),
    ).toHaveLength(1);

    // The form sends staff's part only: it replaces that part, the auto lines stay and grow.
    const edited = await call('PATCH', {
      id: workflow.id,
      appointmentId,
      startDateTime: instantAt(later, '09:30', ZONE).toISOString(),
      duration: 30,
      notes: 'Needs interpreter (Greek)',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await appointmentOf(appointmentId))?.notes;
    expect(userNotes(after)).toBe('Needs interpreter (Greek)');
    expect(autoNotes(after)).toHaveLength(autoNotes(notes).length + 2);
    expect(autoNotes(after).slice(0, autoNotes(notes).length)).toEqual(autoNotes(notes));
  });

  it('a cancel writes the cancel activity with its reason', async () => {
    const date = day(5);
    const { specialist, workflow } = await bookable([date]);
    const booked = await call('POST', booking(workflow.id, specialist.id, date));
    const res = await call('DELETE', {
      id: workflow.id,
      appointmentId: booked.json().appointment.id,
      reason: 'Patient unwell',
    });
    expect(res.statusCode, res.body).toBe(200);
    const activities = await t.db
      .select()
      .from(workflowActivities)
      .where(eq(workflowActivities.workflowId, workflow.id));
    expect(activities).toEqual([
      expect.objectContaining({ name: 'cancel', reason: 'Patient unwell', postponeWeeks: null }),
    ]);
    const [row] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(row?.lastActivityName).toBe('cancel');
  });

  it("a Zoom appointment's join URL is the specialist's video link", async () => {
    const date = day(6);
    const { specialist, workflow } = await bookable([date], {
      videoLink: 'https://meet.telecare.example/dr-zoom',
    });
    const res = await call('POST', booking(workflow.id, specialist.id, date, { dialInMethod: 'zoom' }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await appointmentOf(res.json().appointment.id))?.zoomJoinUrl).toBe(
      'https://meet.telecare.example/dr-zoom',
    );
  });

  it("the workflow panel's detail carries the notes (both parts) and the video link", async () => {
    const date = day(7);
    const { specialist, workflow } = await bookable([date], {
      videoLink: 'https://meet.telecare.example/dr-panel',
    });
    const booked = await call(
      'POST',
      booking(workflow.id, specialist.id, date, { dialInMethod: 'zoom', notes: 'Needs interpreter' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const detailOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/workflow/${workflow.id}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().appointment as { notes: string; dialInMethod: string; videoLink: string | null };
    };
    const zoom = await detailOf();
    expect(zoom).toMatchObject({ dialInMethod: 'zoom', videoLink: 'https://meet.telecare.example/dr-panel' });
    expect(userNotes(zoom.notes)).toBe('Needs interpreter');
    expect(autoNotes(zoom.notes)).toEqual(expect.arrayContaining(['Dial-in: zoom', 'CONT/TBC: CONT']));

    // No Zoom, no link, even when the specialist has one.
    const other = await bookable([date], { videoLink: 'https://meet.telecare.example/dr-other' });
    await call('DELETE', { id: workflow.id, appointmentId: booked.json().appointment.id });
    const phone = await call(
      'POST',
      booking(workflow.id, other.specialist.id, date, { dialInMethod: 'phone' }),
    );
    expect(phone.statusCode, phone.body).toBe(201);
    expect(await detailOf()).toMatchObject({ dialInMethod: 'phone', videoLink: null });
  });
});
