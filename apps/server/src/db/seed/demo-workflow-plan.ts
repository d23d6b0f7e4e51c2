/** The choices that make one demo workflow: when, for whom, with whom, where, and how it went. */
import { type BookingStatus, HISTORY_BOOKING_STATUSES } from '@telecare/domain/booking-status';
import { addDays, dayAt, formatDay, instantAt } from '@telecare/domain/calendar';
import { addMinutes, between, DAY, HOUR, isWeekday, MINUTE } from './dates.ts';
import type { DemoCalendar } from './demo-appointments.ts';
import type {
  ClientSeed,
  DemoContext,
  Directory,
  ReferrerLocationSeed,
  ReferrerSeed,
  SiteSeed,
  SpecialistSeed,
} from './demo-directory.ts';
import { RESULT_INSPECTIONS } from './reference-data.ts';

/** Days before now a workflow of each status was created (range). */
const CREATED_DAYS_AGO: Record<BookingStatus, readonly [number, number]> = {
  NS: [0, 21],
  adminAudit: [0, 45],
  awaitingBooking: [2, 150],
  booked: [3, 300],
  expiredReferral: [90, 500],
  ftaRebook: [20, 200],
  nrfc: [20, 200],
  checkOut: [20, 540],
  fta: [20, 540],
  discharged: [20, 540],
  remove: [20, 540],
  relocated: [20, 540],
  ftaRemoved: [20, 540],
  f2fTransfer: [20, 540],
};

/** Probability that a workflow of each status has had a (past) appointment. */
const PAST_APPOINTMENT: Partial<Record<BookingStatus, number>> = {
  checkOut: 1,
  fta: 1,
  ftaRebook: 1,
  ftaRemoved: 1,
  discharged: 1,
  f2fTransfer: 0.5,
  relocated: 0.4,
  remove: 0.3,
  nrfc: 0.25,
};

type SmsReply = 'yes' | 'no' | 'noResponse' | 'pending';
type SpecialistChoice = { specialist: SpecialistSeed; speciality: string };
type ReferralParty = { referrer: ReferrerSeed; location: ReferrerLocationSeed };

/** The specialists, referrers and sites a workflow is made with, grouped for the choices. */
export function workflowLookups(dir: Directory) {
  const paediatricians = dir.specialists.filter((s) => s.paediatric);
  const adultSpecialists = dir.specialists.filter((s) => !s.paediatric);
  const locationsByState = new Map<string, { referrer: ReferrerSeed; location: ReferrerLocationSeed }[]>();
  for (const referrer of dir.referrers) {
    for (const location of referrer.locations) {
      const list = locationsByState.get(location.clinic.state) ?? [];
      list.push({ referrer, location });
      locationsByState.set(location.clinic.state, list);
    }
  }
  const allLocations = [...locationsByState.values()].flat();
  const ownDevice = dir.sites.find((s) => s.name === 'Own Device');
  const anywhere = dir.sites.find((s) => s.name === 'Anywhere Healthcare');
  if (!ownDevice || !anywhere) throw new Error('demo sites missing');
  const hospitalsByState = new Map<string, SiteSeed[]>();
  for (const site of dir.sites) {
    if (!site.state) continue;
    hospitalsByState.set(site.state, [...(hospitalsByState.get(site.state) ?? []), site]);
  }
  return {
    paediatricians,
    adultSpecialists,
    locationsByState,
    allLocations,
    ownDevice,
    anywhere,
    hospitalsByState,
  };
}
type WorkflowLookups = ReturnType<typeof workflowLookups>;

/**
 * One workflow's choices, in the order the seeded generator makes them. `later` is the same
 * client's next workflow, already made: an older one is dated before it and often shares its
 * specialist and referrer.
 */
export function planWorkflow(
  ctx: DemoContext,
  lookups: WorkflowLookups,
  calendar: DemoCalendar,
  slot: { client: ClientSeed; index: number; status: BookingStatus },
  later: {
    createdAt?: Date | undefined;
    specialist?: SpecialistChoice | undefined;
    referral?: ReferralParty | undefined;
  },
) {
  const { rng, ids, now, today } = ctx;
  const { client, status } = slot;
  const {
    paediatricians,
    adultSpecialists,
    locationsByState,
    allLocations,
    ownDevice,
    anywhere,
    hospitalsByState,
  } = lookups;
  const { bookFutureSlot, pastSlot } = calendar;
  const laterCreated = later.createdAt;

  // When it was created.
  const [minDays, maxDays] = CREATED_DAYS_AGO[status];
  let createdAt = new Date(now.getTime() - (minDays + rng.next() * (maxDays - minDays)) * DAY);
  if (laterCreated) {
    const days = rng.int(20, 150);
    createdAt = new Date(Math.max(laterCreated.getTime() - days * DAY, now.getTime() - 545 * DAY));
  }
  createdAt = new Date(Math.floor(createdAt.getTime() / MINUTE) * MINUTE);

  // Specialist: the same as the later workflow for half of a client's older ones (reviews).
  const laterSpecialist = later.specialist;
  const pickedSpecialist =
    laterSpecialist && rng.chance(0.5)
      ? laterSpecialist
      : (() => {
          const specialist =
            client.age < 17 && paediatricians.length > 0 && rng.chance(0.9)
              ? rng.pick(paediatricians)
              : rng.pick(adultSpecialists);
          return { specialist, speciality: rng.pick(specialist.specialityNames) };
        })();
  const { specialist, speciality } = pickedSpecialist;

  // Referrer, preferably practising in the client's state.
  const laterReferral = later.referral;
  const local = locationsByState.get(client.state) ?? [];
  const referralParty =
    laterReferral && rng.chance(0.7)
      ? laterReferral
      : rng.pick(local.length > 0 && rng.chance(0.85) ? local : allLocations);
  const { referrer, location } = referralParty;

  // Site.
  const hospitals = hospitalsByState.get(client.state) ?? [];
  const site = rng.chance(0.03)
    ? anywhere
    : hospitals.length > 0 && rng.chance(client.state === 'QLD' ? 0.45 : 0.3)
      ? rng.weighted(
          hospitals.map((h) => [h, h.name === 'Mackay Base Hospital' ? hospitals.length : 1] as const),
        )
      : ownDevice;
  const atHome = site.id === ownDevice.id;

  // Appointment.
  const workflowId = ids.uuid();
  const isNew = laterSpecialist?.specialist.id === specialist.id && slot.index > 0 ? false : rng.chance(0.7);
  const minutes = isNew ? specialist.newAppointmentMinutes : specialist.reviewAppointmentMinutes;
  let start: Date | null = null;
  if (status === 'booked') {
    start = bookFutureSlot(specialist, minutes);
    if (!start) {
      let date = addDays(today, rng.int(1, 50));
      while (!isWeekday(date)) date = addDays(date, 1);
      start = instantAt(date, '10:00', specialist.timezone);
    }
    start = calendar.claim(specialist.id, start, minutes);
  } else if (rng.chance(PAST_APPOINTMENT[status] ?? 0)) {
    const earliest = new Date(createdAt.getTime() + 7 * DAY);
    const latest =
      status === 'ftaRebook' ? now : new Date(Math.min(now.getTime(), earliest.getTime() + 120 * DAY));
    start = calendar.claim(
      specialist.id,
      pastSlot(specialist, earliest.getTime() < latest.getTime() ? earliest : createdAt, latest),
      minutes,
    );
    if (start.getTime() < createdAt.getTime()) createdAt = new Date(start.getTime() - 3 * DAY);
  }
  const end = start ? addMinutes(start, minutes) : null;
  const future = start !== null && start.getTime() > now.getTime();

  // Booking time and last status change.
  let bookedAt = start
    ? between(rng.next(), createdAt, new Date(Math.min(now.getTime(), start.getTime() - DAY)))
    : null;
  if (bookedAt && bookedAt.getTime() < createdAt.getTime()) bookedAt = createdAt;
  let statusUpdatedAt =
    status === 'booked'
      ? bookedAt
      : start && end && !future
        ? new Date(Math.min(now.getTime() - MINUTE, end.getTime() + rng.int(0, 72) * HOUR))
        : between(rng.next(), createdAt, now);

  // Patient replies.
  const hasMobile = Boolean(client.phoneMobile);
  let smsReply: SmsReply | null = null;
  if (hasMobile && start) {
    smsReply = future
      ? rng.weighted<SmsReply | null>([
          ['yes', 35],
          ['no', 6],
          ['noResponse', 20],
          ['pending', 24],
          [null, 15],
        ])
      : rng.weighted<SmsReply | null>([
          ['yes', 55],
          ['no', 10],
          ['noResponse', 15],
          [null, 20],
        ]);
  } else if (hasMobile && rng.chance(0.12)) {
    smsReply = rng.pick<SmsReply>(['no', 'noResponse', 'pending']);
  }
  if (smsReply === 'pending' && status === 'booked' && bookedAt) {
    // A booking SMS that went out in the last few hours.
    bookedAt = new Date(now.getTime() - rng.int(20, 420) * MINUTE);
    statusUpdatedAt = bookedAt;
  }
  let ivrStatus: string | null = null;
  let ivrReply: string | null = null;
  if (start && (smsReply === null || smsReply === 'noResponse' || smsReply === 'no') && rng.chance(0.35)) {
    ivrStatus = rng.chance(0.7) ? 'completed' : 'no-answer';
    ivrReply =
      ivrStatus === 'completed'
        ? rng.weighted([
            ['1', 5],
            ['2', 3],
            [null, 2],
          ] as const)
        : null;
  }
  let lastActivityName: string | null = null;
  if (smsReply === 'yes' || ivrReply === '1') lastActivityName = rng.chance(0.7) ? 'confirm' : null;
  else if (smsReply === 'no' || ivrReply === '2') lastActivityName = rng.pick(['cancel', 'postpone', null]);
  else
    lastActivityName = rng.weighted([
      ['confirm', 8],
      ['postpone', 10],
      ['cancel', 5],
      [null, start ? 40 : 90],
    ] as const);
  // A cancelled appointment would not still be booked or checked out.
  if (lastActivityName === 'cancel' && (status === 'booked' || status === 'checkOut'))
    lastActivityName = 'postpone';

  // Task columns.
  const isHistory = HISTORY_BOOKING_STATUSES.includes(status);
  const resultsStatus = isHistory
    ? rng.weighted([
        ['CP', 60],
        ['PD', 10],
        ['NS', 10],
        [null, 20],
      ] as const)
    : status === 'booked'
      ? rng.weighted([
          ['NS', 30],
          ['PD', 35],
          ['CP', 15],
          [null, 20],
        ] as const)
      : rng.weighted([
          ['NS', 30],
          ['PD', 10],
          [null, 60],
        ] as const);
  const adminCheckStatus = isHistory
    ? rng.weighted([
        ['CP', 65],
        ['PD', 15],
        ['NS', 10],
        [null, 10],
      ] as const)
    : status === 'booked'
      ? rng.weighted([
          ['NS', 40],
          ['PD', 20],
          ['CP', 5],
          [null, 35],
        ] as const)
      : rng.weighted([
          ['NS', 30],
          ['PD', 20],
          ['CP', 10],
          [null, 40],
        ] as const);
  const gpReportStatus =
    start && !future
      ? rng.weighted([
          ['CP', 50],
          ['QR', 15],
          ['NC', 25],
          [null, 10],
        ] as const)
      : ('NC' as const);
  const inspections = resultsStatus && rng.chance(0.7) ? rng.sample(RESULT_INSPECTIONS, rng.int(1, 3)) : [];
  const contOrTbc = rng.chance(0.25)
    ? rng.weighted([
        ['CONT', 40],
        ['TBC', 30],
        [`NRR X 1 ${formatDay(dayAt(statusUpdatedAt ?? now, 'Australia/Melbourne'))}`, 15],
        [`NRR X 2 ${formatDay(dayAt(statusUpdatedAt ?? now, 'Australia/Melbourne'))}`, 10],
        [`TBC ${formatDay(dayAt(statusUpdatedAt ?? now, 'Australia/Melbourne'))}`, 5],
      ] as const)
    : null;
  const weeksToAppointment =
    start && status === 'booked'
      ? Math.min(12, Math.max(0, Math.floor((start.getTime() - createdAt.getTime()) / (7 * DAY))))
      : rng.pick([0, 0, 1, 2, 2, 4, 4, 6, 8, 12]);

  return {
    workflowId,
    client,
    status,
    isHistory,
    hasMobile,
    createdAt,
    specialistChoice: pickedSpecialist,
    specialist,
    speciality,
    referralParty,
    referrer,
    location,
    site,
    atHome,
    isNew,
    minutes,
    start,
    end,
    future,
    bookedAt,
    statusUpdatedAt,
    smsReply,
    ivrStatus,
    ivrReply,
    lastActivityName,
    resultsStatus,
    adminCheckStatus,
    gpReportStatus,
    inspections,
    contOrTbc,
    weeksToAppointment,
  };
}
export type WorkflowPlan = ReturnType<typeof planWorkflow>;
