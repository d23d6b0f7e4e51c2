/** The demo appointments: the specialists' free time, the booked appointments and the requests. */

import { addDays, dayAt, instantAt } from '@telecare/domain/calendar';
import { toHhmm } from '@telecare/domain/slots';
import type { appointmentRequests, appointments, workflows } from '../schema/index.ts';
import { between, daysBefore, HOUR, isWeekday } from './dates.ts';
import type { DemoContext, Directory, Row, SessionSeed, SpecialistSeed } from './demo-directory.ts';
import type { DemoStaff } from './demo-staff.ts';
import type { WorkflowPlan } from './demo-workflow-plan.ts';
import type { TemplateRefs } from './demo-workflows.ts';
import { BOOKING_NOTES } from './reference-data.ts';

type WithRequired<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };
export type Appointment = WithRequired<Row<typeof appointments>, 'id' | 'startDateTime' | 'timezone'>;

/** The specialists' future sessions, taken as appointments are booked in them, and past times. */
export function demoCalendar(ctx: DemoContext, dir: Directory) {
  const { rng, now, today } = ctx;
  const futureSessions = new Map<string, (SessionSeed & { used: [number, number][] })[]>();
  for (const session of dir.sessions) {
    if (session.date <= today) continue;
    const list = futureSessions.get(session.specialistId) ?? [];
    list.push({ ...session, used: [] });
    futureSessions.set(session.specialistId, list);
  }

  /** A free start inside the specialist's future sessions, marked as taken. */
  function bookFutureSlot(specialist: SpecialistSeed, minutes: number): Date | null {
    for (const session of rng.shuffle(futureSessions.get(specialist.id) ?? [])) {
      const starts: number[] = [];
      for (let start = session.start; start + minutes <= session.end; start += 15) {
        if (session.used.every(([s, e]) => start + minutes <= s || start >= e)) starts.push(start);
      }
      if (starts.length === 0) continue;
      const start = rng.pick(starts);
      session.used.push([start, start + minutes]);
      return instantAt(session.date, toHhmm(start), specialist.timezone);
    }
    return null;
  }

  /** A weekday appointment time between two instants, in the specialist's zone. */
  function pastSlot(specialist: SpecialistSeed, from: Date, to: Date): Date {
    let date = dayAt(between(rng.next(), from, to), specialist.timezone);
    while (!isWeekday(date)) date = addDays(date, -1);
    let start = instantAt(date, toHhmm(rng.int(36, 64) * 15), specialist.timezone);
    while (start.getTime() > now.getTime() - 2 * HOUR) start = daysBefore(start, 7);
    return start;
  }

  /**
   * Every demo appointment's time, per specialist: one that would overlap an earlier one moves by a
   * week (earlier for past times, later for future ones) until it is free, as the database's
   * no-double-booking constraint requires (decision 0026). No random draw, so the demo is unchanged.
   */
  const taken = new Map<string, [number, number][]>();
  function claim(specialistId: string, start: Date, minutes: number): Date {
    const list = taken.get(specialistId) ?? [];
    const step = start.getTime() < now.getTime() ? -7 : 7;
    let at = start;
    const overlaps = (from: number) => list.some(([s, e]) => from < e && s < from + minutes * 60_000);
    while (overlaps(at.getTime())) at = daysBefore(at, -step);
    list.push([at.getTime(), at.getTime() + minutes * 60_000]);
    taken.set(specialistId, list);
    return at;
  }

  return { bookFutureSlot, pastSlot, claim };
}
export type DemoCalendar = ReturnType<typeof demoCalendar>;

/** The workflow's appointment row when it has (had) one; `number` is the workflow's place in the demo. */
export function buildAppointment(
  ctx: DemoContext,
  plan: WorkflowPlan,
  number: number,
  templates: TemplateRefs,
  staff: DemoStaff,
): Appointment | null {
  const { rng, ids } = ctx;
  const {
    workflowId,
    client,
    specialist,
    location,
    site,
    atHome,
    isNew,
    minutes,
    start,
    end,
    bookedAt,
    createdAt,
  } = plan;
  if (!start || !end) return null;
  const appointmentId = ids.uuid();
  const clinicMethod = location.clinic.communicationMethod as 'coreplus' | 'zoom' | 'skype' | 'phone' | null;
  const dialInMethod =
    clinicMethod ??
    (atHome
      ? rng.weighted([
          ['zoom', 50],
          ['coreplus', 40],
          ['phone', 10],
        ] as const)
      : rng.weighted([
          ['coreplus', 50],
          ['skype', 20],
          ['zoom', 30],
        ] as const));
  const appointment: Appointment = {
    id: appointmentId,
    workflowId,
    externalAppointmentId: String(300001 + number * 7),
    appointmentReferenceNumber: `TC-${start.getUTCFullYear()}-${String(10001 + number).padStart(6, '0')}`,
    clientId: client.id,
    specialistId: specialist.id,
    siteId: site.id,
    startDateTime: start,
    endDateTime: end,
    durationMinutes: minutes,
    timezone: specialist.timezone,
    appointmentType: atHome ? 'atHome' : 'atGpClinic',
    dialInMethod,
    consultationType: isNew ? 'NEW' : 'REVIEW',
    smsTemplateSetId:
      client.age < 17
        ? templates.paediatricSetId
        : atHome
          ? templates.standardSetId
          : templates.regionalSetId,
    notes: rng.chance(0.2) ? rng.pick(BOOKING_NOTES) : null,
    gpNotes: rng.chance(0.1) ? 'GP or practice nurse to join for the first 10 minutes' : null,
    zoomJoinUrl: dialInMethod === 'zoom' ? `https://zoom.example/j/${rng.digits(11)}` : null,
    zoomAccount: dialInMethod === 'zoom' ? `telecare-zoom-${rng.int(1, 3)}@telecare.example` : null,
    customFields: {},
    bookedBy: staff.coordinator().id,
    createdAt: bookedAt ?? createdAt,
    updatedAt: bookedAt ?? createdAt,
  };
  return appointment;
}

/** Three requests waiting for approval, for workflows waiting for a booking. */
export function buildAppointmentRequests(
  ctx: DemoContext,
  dir: Directory,
  rows: Row<typeof workflows>[],
  calendar: DemoCalendar,
) {
  const { rng, ids, now } = ctx;
  const { bookFutureSlot } = calendar;
  const requests: Row<typeof appointmentRequests>[] = [];
  const requestable = rng.sample(
    rows.filter((w) => w.bookingStatus === 'awaitingBooking'),
    3,
  );
  (['first', 'second', 'pending'] as const).forEach((bookingStatus, i) => {
    const workflow = requestable[i];
    const specialist = dir.specialists.find((s) => s.id === workflow?.specialistId);
    if (!workflow || !specialist) return;
    const requestedStart = bookFutureSlot(specialist, specialist.newAppointmentMinutes);
    const at = new Date(now.getTime() - rng.int(1, 72) * HOUR);
    requests.push({
      id: ids.uuid(),
      workflowId: workflow.id,
      clientId: workflow.clientId,
      specialistId: specialist.id,
      requestedStart,
      timezone: specialist.timezone,
      bookingStatus,
      createdAt: at,
      updatedAt: at,
    });
  });
  return requests;
}
