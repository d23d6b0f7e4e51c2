/** The demo workflows and everything hanging off them: referrals, appointments, messages, todos, documents. */
import {
  BOOKING_STATUSES,
  type BookingStatus,
  HISTORY_BOOKING_STATUSES,
} from '@telecare/domain/booking-status';
import { addDays, addMonths, dayAt, formatDateTimeAt, formatDay, instantAt } from '@telecare/domain/calendar';
import { toHhmm } from '@telecare/domain/slots';
import type {
  appointmentRequests,
  appointments,
  documents,
  emailMessages,
  emailNotificationQueue,
  ivrCalls,
  notifications,
  referrals,
  smsMessages,
  todos,
  workflowActivities,
  workflows,
} from '../schema/index.ts';
import { addMinutes, daysBefore, isWeekday } from './dates.ts';
import type {
  ClientSeed,
  DemoContext,
  Directory,
  ReferrerLocationSeed,
  ReferrerSeed,
  Row,
  SessionSeed,
  SiteSeed,
  SpecialistSeed,
  UserSeed,
} from './demo-directory.ts';
import {
  ADMIN_CHECK_NOTES,
  BOOKING_NOTES,
  CANCEL_REASONS,
  EMAIL_TEMPLATES,
  MANUAL_SMS_TEMPLATES,
  POSTPONE_REASONS,
  RESULT_INSPECTIONS,
  RESULTS_NOTES,
  TODO_DESCRIPTIONS,
} from './reference-data.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How many workflows of each booking status (500 in all; every status is present). */
const STATUS_COUNTS: readonly (readonly [BookingStatus, number])[] = [
  ['NS', 40],
  ['adminAudit', 30],
  ['awaitingBooking', 95],
  ['booked', 130],
  ['expiredReferral', 20],
  ['ftaRebook', 20],
  ['nrfc', 15],
  ['checkOut', 50],
  ['fta', 20],
  ['discharged', 30],
  ['remove', 20],
  ['relocated', 10],
  ['ftaRemoved', 10],
  ['f2fTransfer', 10],
];

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

const CATEGORY_COUNTS = [
  ['1', 150],
  ['2', 170],
  ['3', 120],
  ['RC', 60],
] as const;

type SmsReply = 'yes' | 'no' | 'noResponse' | 'pending';
type Appointment = WithRequired<Row<typeof appointments>, 'id' | 'startDateTime' | 'timezone'>;
type WithRequired<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

export type WorkflowData = {
  referrals: Row<typeof referrals>[];
  workflows: Row<typeof workflows>[];
  appointments: Row<typeof appointments>[];
  appointmentRequests: Row<typeof appointmentRequests>[];
  activities: Row<typeof workflowActivities>[];
  smsMessages: Row<typeof smsMessages>[];
  emailMessages: Row<typeof emailMessages>[];
  notifications: Row<typeof notifications>[];
  emailQueue: Row<typeof emailNotificationQueue>[];
  ivrCalls: Row<typeof ivrCalls>[];
  todos: Row<typeof todos>[];
  documents: Row<typeof documents>[];
};

export type TemplateRefs = {
  standardSetId: string;
  paediatricSetId: string;
  regionalSetId: string;
  /** Set id -> templates by type and order. */
  smsContent: Map<string, Map<string, string>>;
};

const PLACEHOLDER = /\{(\w+)\}/g;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);

/** The templates whose every placeholder has a value (no 'appointment on .' without an appointment). */
const fillable = <T extends Record<string, string>>(
  templates: readonly T[],
  values: Record<string, string>,
) =>
  templates.filter((template) =>
    Object.values(template).every((text) =>
      [...text.matchAll(PLACEHOLDER)].every(([, key]) => Boolean(values[key as string])),
    ),
  );

const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9-]/g, '');

const between = (rngNext: number, from: Date, to: Date) =>
  new Date(from.getTime() + rngNext * Math.max(0, to.getTime() - from.getTime()));

export function buildWorkflows(ctx: DemoContext, dir: Directory, templates: TemplateRefs): WorkflowData {
  const { rng, ids, now, today } = ctx;
  const out: WorkflowData = {
    referrals: [],
    workflows: [],
    appointments: [],
    appointmentRequests: [],
    activities: [],
    smsMessages: [],
    emailMessages: [],
    notifications: [],
    emailQueue: [],
    ivrCalls: [],
    todos: [],
    documents: [],
  };
  const coordinator = () => rng.pick(dir.coordinators);
  const maybeCoordinator = (p = 0.8) => (rng.chance(p) ? coordinator().id : null);
  const staffName = (user: UserSeed) => `${user.firstName} ${user.lastName}`;

  // --- Which client gets how many workflows, and in which order they were created. --------------
  const shuffledClients = rng.shuffle(dir.clients);
  type Slot = { client: ClientSeed; index: number; count: number };
  const slots: Slot[] = shuffledClients.flatMap((client, i) => {
    const count = i < 60 ? 3 : i < 140 ? 2 : 1;
    return Array.from({ length: count }, (_, index) => ({ client, index, count }));
  });
  const isLatest = (slot: Slot) => slot.index === slot.count - 1;

  // Older workflows of a client lean to the history statuses.
  const deck = rng.deck(STATUS_COUNTS);
  const history = deck.filter((s) => HISTORY_BOOKING_STATUSES.includes(s));
  const active = deck.filter((s) => !HISTORY_BOOKING_STATUSES.includes(s));
  const statusOfSlot = new Map<Slot, BookingStatus>();
  for (const slot of slots.filter((s) => !isLatest(s))) {
    const status = (rng.chance(0.55) ? history.pop() : active.pop()) ?? history.pop() ?? active.pop();
    if (status) statusOfSlot.set(slot, status);
  }
  const rest = rng.shuffle([...history, ...active]);
  for (const slot of slots.filter(isLatest)) {
    const status = rest.pop();
    if (status) statusOfSlot.set(slot, status);
  }
  const categories = rng.deck(CATEGORY_COUNTS);

  // --- Lookups ------------------------------------------------------------------------------------
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

  const referralOf = new Map<Slot, { referrer: ReferrerSeed; location: ReferrerLocationSeed }>();
  const specialistOf = new Map<Slot, { specialist: SpecialistSeed; speciality: string }>();
  const createdOf = new Map<Slot, Date>();

  // Latest workflows first, so a client's older ones can be dated before them.
  const ordered = [...slots].sort((a, b) => b.index - b.count - (a.index - a.count));
  const bySlotKey = new Map(slots.map((s) => [`${s.client.id}:${s.index}`, s]));

  let workflowNumber = 0;
  const appointmentOf = new Map<string, Appointment>();
  const referralLetters: { workflowId: string; client: ClientSeed; createdAt: Date }[] = [];

  for (const slot of ordered) {
    const { client } = slot;
    const status = statusOfSlot.get(slot) ?? 'NS';
    const later = bySlotKey.get(`${client.id}:${slot.index + 1}`);
    const laterCreated = later ? createdOf.get(later) : undefined;

    // When it was created.
    const [minDays, maxDays] = CREATED_DAYS_AGO[status];
    let createdAt = new Date(now.getTime() - (minDays + rng.next() * (maxDays - minDays)) * DAY);
    if (laterCreated) {
      const days = rng.int(20, 150);
      createdAt = new Date(Math.max(laterCreated.getTime() - days * DAY, now.getTime() - 545 * DAY));
    }
    createdAt = new Date(Math.floor(createdAt.getTime() / MINUTE) * MINUTE);
    createdOf.set(slot, createdAt);

    // Specialist: the same as the later workflow for half of a client's older ones (reviews).
    const laterSpecialist = later ? specialistOf.get(later) : undefined;
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
    specialistOf.set(slot, pickedSpecialist);
    const { specialist, speciality } = pickedSpecialist;

    // Referrer, preferably practising in the client's state.
    const laterReferral = later ? referralOf.get(later) : undefined;
    const local = locationsByState.get(client.state) ?? [];
    const referralParty =
      laterReferral && rng.chance(0.7)
        ? laterReferral
        : rng.pick(local.length > 0 && rng.chance(0.85) ? local : allLocations);
    referralOf.set(slot, referralParty);
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
    const isNew =
      laterSpecialist?.specialist.id === specialist.id && slot.index > 0 ? false : rng.chance(0.7);
    const minutes = isNew ? specialist.newAppointmentMinutes : specialist.reviewAppointmentMinutes;
    let start: Date | null = null;
    if (status === 'booked') {
      start = bookFutureSlot(specialist, minutes);
      if (!start) {
        let date = addDays(today, rng.int(1, 50));
        while (!isWeekday(date)) date = addDays(date, 1);
        start = instantAt(date, '10:00', specialist.timezone);
      }
    } else if (rng.chance(PAST_APPOINTMENT[status] ?? 0)) {
      const earliest = new Date(createdAt.getTime() + 7 * DAY);
      const latest =
        status === 'ftaRebook' ? now : new Date(Math.min(now.getTime(), earliest.getTime() + 120 * DAY));
      start = pastSlot(specialist, earliest.getTime() < latest.getTime() ? earliest : createdAt, latest);
      if (start.getTime() < createdAt.getTime()) createdAt = new Date(start.getTime() - 3 * DAY);
      createdOf.set(slot, createdAt);
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

    // Referral.
    const referralId = ids.uuid();
    const startDate = addDays(dayAt(createdAt, 'Australia/Melbourne'), -rng.int(0, 21));
    let expiry = rng.weighted([
      ['12', 50],
      ['3', 15],
      ['0', 10],
      ['date', 25],
    ] as const);
    let expiredDate: string | null = expiry === 'date' ? addDays(startDate, rng.int(60, 540)) : null;
    const endOf = () =>
      expiry === '12'
        ? addMonths(startDate, 12)
        : expiry === '3'
          ? addMonths(startDate, 3)
          : expiry === '0'
            ? '1900-01-01'
            : (expiredDate ?? '1900-01-01');
    if (status === 'expiredReferral') {
      expiry = 'date';
      const latestEnd = addDays(today, -1);
      const earliestEnd = addDays(startDate, 30);
      expiredDate =
        earliestEnd < latestEnd
          ? addDays(earliestEnd, rng.int(0, daysBetween(earliestEnd, latestEnd)))
          : latestEnd;
    } else if (!isHistory && rng.chance(0.1)) {
      // Expiring within the three-month warning window.
      expiry = 'date';
      expiredDate = addDays(today, rng.int(3, 88));
    } else if (!isHistory && endOf() !== '1900-01-01' && endOf() < addDays(today, 7)) {
      expiry = addMonths(startDate, 12) > addDays(today, 7) ? '12' : '0';
      expiredDate = null;
    }
    const endDate = endOf();
    out.referrals.push({
      id: referralId,
      externalReferralId: `RFL-${50001 + workflowNumber}`,
      clientId: client.id,
      referrerId: referrer.id,
      clinicId: location.clinicId,
      referrerLocationId: location.id,
      specialistId: specialist.id,
      startDate,
      expiredDate: expiry === 'date' ? expiredDate : null,
      expiredDateByMonth: expiry === 'date' ? null : Number(expiry),
      endDate,
      createdAt,
      updatedAt: createdAt,
    });

    // Appointment row.
    let appointmentId: string | null = null;
    if (start && end) {
      appointmentId = ids.uuid();
      const clinicMethod = location.clinic.communicationMethod as
        | 'coreplus'
        | 'zoom'
        | 'skype'
        | 'phone'
        | null;
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
        externalAppointmentId: String(300001 + workflowNumber * 7),
        appointmentReferenceNumber: `TC-${start.getUTCFullYear()}-${String(10001 + workflowNumber).padStart(6, '0')}`,
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
        bookedBy: coordinator().id,
        createdAt: bookedAt ?? createdAt,
        updatedAt: bookedAt ?? createdAt,
      };
      out.appointments.push(appointment);
      appointmentOf.set(workflowId, appointment);
    }

    const bookingCoordinator = maybeCoordinator();
    out.workflows.push({
      id: workflowId,
      clientId: client.id,
      referralId,
      referrerId: referrer.id,
      clinicId: location.clinicId,
      siteId: site.id,
      specialistId: specialist.id,
      appointmentId,
      creationTimestamp: createdAt,
      createdBy: rng.chance(0.85) ? coordinator().id : null,
      archived: false,
      finNo: !atHome && start && rng.chance(0.6) ? rng.digits(8) : null,
      alerts: [],
      emailNotifications: rng.chance(0.5)
        ? { patient: Boolean(client.email), referrer: rng.chance(0.6), practitioner: rng.chance(0.3) }
        : {},
      patientSnapformSubmitted: start && rng.chance(0.1) ? true : null,
      urn: client.urn,
      category: categories[workflowNumber] ?? '2',
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientDateOfBirth: client.dateOfBirth,
      referrerName: referrer.displayName,
      referralEndDate: endDate,
      caseManagerName: `Dr ${specialist.firstName} ${specialist.lastName}`,
      specialityName: speciality,
      siteName: site.name,
      appointmentStart: start,
      appointmentTimezone: start ? specialist.timezone : null,
      lastActivityName,
      bookingStatus: status,
      bookingCoordinatorId: bookingCoordinator,
      bookingNotes: rng.chance(0.25) ? rng.pick(BOOKING_NOTES) : null,
      bookingUrgent: rng.chance(0.08),
      biologics: ['Rheumatology', 'Gastroenterology', 'Dermatology'].includes(speciality)
        ? rng.chance(0.4)
        : rng.chance(0.02),
      interpreter: rng.chance(0.05),
      nameReferral: rng.chance(0.1),
      weeksToAppointment,
      isNewAppointment: isNew,
      triage: rng.chance(0.1),
      contOrTbc,
      paymentConsent: rng.chance(0.35),
      bookingStatusUpdatedAt: statusUpdatedAt,
      resultsStatus,
      resultsCoordinatorId: resultsStatus ? maybeCoordinator() : null,
      resultsNotes: resultsStatus && rng.chance(0.4) ? rng.pick(RESULTS_NOTES) : null,
      resultsUrgent: resultsStatus !== null && rng.chance(0.05),
      resultsInspections: inspections,
      adminCheckStatus,
      adminCheckCoordinatorId: adminCheckStatus ? maybeCoordinator() : null,
      adminCheckNotes: rng.chance(adminCheckStatus ? 0.6 : 0.15) ? rng.pick(ADMIN_CHECK_NOTES) : null,
      adminCheckUrgent: rng.chance(0.04),
      gpReportStatus,
      gpReportIsNurseCheck: rng.chance(0.1),
      gpReportDocumentId: null,
      smsReply,
      ivrStatus,
      ivrReply,
      createdAt,
      updatedAt: statusUpdatedAt ?? createdAt,
    });
    workflowNumber++;

    if (rng.chance(0.88)) referralLetters.push({ workflowId, client, createdAt });

    // --- Messages and activity ---------------------------------------------------------------------
    const patientName = `${client.firstName} ${client.lastName}`;
    const specialistName = `Dr ${specialist.firstName} ${specialist.lastName}`;
    const appointmentTime = start ? formatDateTimeAt(start, specialist.timezone) : '';
    const phone = client.phoneMobile ?? '';
    const values = {
      patientName: client.firstName,
      specialistName,
      appointmentTime,
      siteName: site.name,
      videoLink: specialist.videoLink ?? '',
      specialityName: speciality,
      appointmentDate: start ? formatDay(dayAt(start, specialist.timezone)) : '',
    };
    const setId =
      client.age < 17
        ? templates.paediatricSetId
        : atHome
          ? templates.standardSetId
          : templates.regionalSetId;
    const smsText = (order: number) =>
      start
        ? fill(templates.smsContent.get(setId)?.get(`${atHome ? 'AT_HOME' : 'AT_GP'}:${order}`) ?? '', values)
        : `Hi ${client.firstName}, Telecare has received your referral to ${speciality}. Reply YES if you would ` +
          'like us to book a telehealth appointment, or NO if it is no longer needed.';
    const sms = (
      at: Date,
      body: string,
      extra: Partial<Row<typeof smsMessages>> & Pick<Row<typeof smsMessages>, 'kind' | 'direction'>,
    ) => {
      if (at.getTime() > now.getTime()) return;
      const inbound = extra.direction === 'inbound';
      out.smsMessages.push({
        id: ids.uuid(),
        workflowId,
        phoneNumber: phone,
        body,
        fromPatient: inbound,
        senderName: inbound ? patientName : 'Telecare',
        providerMessageId: `SM${ids.hex(32)}`,
        sentAt: at,
        deliveredAt: inbound ? at : rng.chance(0.95) ? new Date(at.getTime() + rng.int(2, 40) * 1000) : null,
        createdAt: at,
        updatedAt: at,
        ...extra,
      });
    };

    if (smsReply && phone) {
      const base = bookedAt ?? statusUpdatedAt ?? createdAt;
      let t0 = new Date(base.getTime() + rng.int(2, 30) * MINUTE);
      if (smsReply === 'noResponse' && t0.getTime() > now.getTime() - 40 * HOUR) {
        t0 = new Date(now.getTime() - rng.int(40, 200) * HOUR);
      }
      if (smsReply === 'pending' && t0.getTime() < now.getTime() - 7 * HOUR) {
        t0 = new Date(now.getTime() - rng.int(10, 400) * MINUTE);
      }
      if (t0.getTime() > now.getTime()) t0 = new Date(now.getTime() - rng.int(5, 60) * MINUTE);
      sms(t0, smsText(1), {
        kind: 'sequence',
        step: 'initial',
        direction: 'outbound',
      });
      if (smsReply === 'noResponse') {
        sms(new Date(t0.getTime() + 24 * HOUR), smsText(1), {
          kind: 'sequence',
          step: 'initialSecond',
          direction: 'outbound',
        });
        if (rng.chance(0.4)) {
          sms(new Date(t0.getTime() + 32 * HOUR), smsText(1), {
            kind: 'sequence',
            step: 'initialThird',
            direction: 'outbound',
          });
        }
      }
      if (smsReply === 'yes' || smsReply === 'no') {
        const second = rng.chance(0.3);
        if (second) {
          sms(new Date(t0.getTime() + 24 * HOUR), smsText(1), {
            kind: 'sequence',
            step: 'initialSecond',
            direction: 'outbound',
          });
        }
        const replyAt = new Date(t0.getTime() + (second ? 24 * HOUR : 0) + rng.int(2, 240) * MINUTE);
        const body =
          smsReply === 'yes'
            ? rng.pick(['Yes', 'YES', 'Y', 'yes thanks', 'Yes I will be there'])
            : rng.pick(['No', 'NO', 'N', "No sorry can't make it", 'no']);
        sms(replyAt.getTime() > now.getTime() ? now : replyAt, body, {
          kind: 'sequence',
          direction: 'inbound',
        });
        if (smsReply === 'yes' && start) {
          // Reminders go out before the appointment, after the confirmation, and not in the future.
          const reminders: ['second' | 'third' | 'fourth', number][] = [
            ['second', start.getTime() - 7 * DAY],
            ['third', start.getTime() - DAY],
          ];
          if (rng.chance(0.3)) reminders.push(['fourth', start.getTime() - 2 * HOUR]);
          for (const [step, at] of reminders) {
            if (at <= replyAt.getTime() || at > now.getTime()) continue;
            sms(new Date(at), smsText(2), { kind: 'sequence', step, direction: 'outbound' });
          }
        }
      }
    }
    if (phone && rng.chance(0.08)) {
      const sender = coordinator();
      const template = rng.pick(fillable(MANUAL_SMS_TEMPLATES, values));
      const at = between(rng.next(), createdAt, now);
      sms(at, fill(template.content, values), {
        kind: 'manual',
        direction: 'outbound',
        senderName: staffName(sender),
        sentBy: sender.id,
      });
      if (rng.chance(0.5)) {
        sms(
          new Date(Math.min(now.getTime(), at.getTime() + rng.int(5, 300) * MINUTE)),
          rng.pick(['Ok thanks', 'Will do', 'Can you call me please?', 'Thanks, see you then']),
          { kind: 'manual', direction: 'inbound' },
        );
      }
    }

    if (ivrStatus) {
      const at = new Date(
        Math.min(now.getTime() - 30 * MINUTE, (start ?? now).getTime() - rng.int(1, 5) * DAY),
      );
      out.ivrCalls.push({
        id: ids.uuid(),
        workflowId,
        phoneNumber: client.phoneMobile ?? client.phoneHome ?? '',
        voiceContent:
          `Hello, this is Telecare calling for ${client.firstName}. You have a telehealth appointment with ` +
          `${specialistName} on ${appointmentTime}. Press 1 to confirm, or press 2 if you cannot attend.`,
        status: ivrStatus,
        reply: ivrReply,
        providerCallId: `CA${ids.hex(32)}`,
        createdAt: at,
        updatedAt: at,
      });
    }

    if (lastActivityName) {
      const count = rng.int(1, 4);
      const from = bookedAt ?? createdAt;
      const to = new Date(Math.min(now.getTime(), (start ?? now).getTime()));
      const times = Array.from({ length: count }, () => between(rng.next(), from, to)).sort(
        (a, b) => a.getTime() - b.getTime(),
      );
      times.forEach((at, i) => {
        const name = i === count - 1 ? lastActivityName : rng.pick(['confirm', 'postpone']);
        out.activities.push({
          id: ids.uuid(),
          workflowId,
          name,
          postponeWeeks: name === 'postpone' ? rng.int(1, 4) : null,
          reason:
            name === 'postpone'
              ? rng.pick(POSTPONE_REASONS)
              : name === 'cancel'
                ? rng.pick(CANCEL_REASONS)
                : null,
          createdBy: rng.chance(0.6) ? coordinator().id : null,
          createdAt: at,
          updatedAt: at,
        });
      });
    }

    // Automatic notifications: pre-booking reminders and return-to-GP notices.
    const templateId = ['NS', 'adminAudit', 'awaitingBooking'].includes(status)
      ? rng.chance(0.4)
        ? 'patient_booking_self_service_reminder'
        : null
      : ['nrfc', 'expiredReferral', 'remove'].includes(status) && rng.chance(0.5)
        ? 'patient_booking_return_to_gp'
        : null;
    if (templateId) {
      const types: ('sms1' | 'sms2' | 'email')[] = hasMobile ? ['sms1'] : [];
      if (hasMobile && rng.chance(0.5)) types.push('sms2');
      if (client.email && rng.chance(0.5)) types.push('email');
      types.forEach((type, i) => {
        const waiting = i === types.length - 1 && rng.chance(0.15);
        const at = waiting
          ? new Date(now.getTime() - rng.int(1, 90) * MINUTE)
          : new Date(between(rng.next(), createdAt, now).getTime() - i * HOUR);
        out.notifications.push({
          id: ids.uuid(),
          workflowId,
          type,
          templateId,
          delivered: !waiting,
          deliveredAt: waiting ? null : new Date(at.getTime() + rng.int(5, 120) * 1000),
          createdAt: at,
          updatedAt: at,
        });
      });
    }

    // E-mails: to the referrer (manual) and appointment confirmations to the patient.
    if (rng.chance(0.1)) {
      const sender = coordinator();
      const emailValues = {
        ...values,
        patientName,
        referrerName: referrer.displayName,
        dateOfBirth: formatDay(client.dateOfBirth),
        referralEndDate: endDate === '1900-01-01' ? 'no end date' : formatDay(endDate),
        inspections: inspections.join(', ') || 'recent blood tests',
      };
      const template = rng.pick(fillable(EMAIL_TEMPLATES.slice(1), emailValues));
      const at = between(rng.next(), createdAt, now);
      out.emailMessages.push({
        id: ids.uuid(),
        workflowId,
        kind: 'manual',
        toAddress: location.email ?? referrer.email ?? '',
        subject: fill(template.subject, emailValues),
        body: fill(template.body, emailValues),
        attachments: [],
        sentBy: sender.id,
        status: 'sent',
        sentAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
    if (client.email && start && bookedAt && rng.chance(0.3)) {
      const template = EMAIL_TEMPLATES[0];
      if (template) {
        const at = new Date(Math.min(now.getTime(), bookedAt.getTime() + rng.int(1, 20) * MINUTE));
        const emailStatus = rng.chance(0.93) ? 'sent' : 'failed';
        out.emailMessages.push({
          id: ids.uuid(),
          workflowId,
          kind: 'notification',
          toAddress: client.email,
          subject: fill(template.subject, { ...values, patientName }),
          body: fill(template.body, { ...values, patientName }),
          attachments: [],
          status: emailStatus,
          sentAt: emailStatus === 'sent' ? at : null,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    if (status === 'booked' && start && future && rng.chance(0.1)) {
      const sendAt = new Date(now.getTime() + rng.int(-6, 30) * HOUR);
      out.emailQueue.push({
        id: ids.uuid(),
        workflowId,
        recipient: rng.pick(['patient', 'referrer', 'practitioner'] as const),
        sendAt,
        sentAt: sendAt.getTime() < now.getTime() && rng.chance(0.5) ? sendAt : null,
        createdAt: bookedAt ?? createdAt,
        updatedAt: bookedAt ?? createdAt,
      });
    }
  }

  // --- Archive: most final-status workflows stay in history; about 40 were archived. -----------------
  const finalOnes = rng.shuffle(
    out.workflows.filter((w) =>
      ['remove', 'discharged', 'ftaRemoved', 'relocated', 'f2fTransfer'].includes(w.bookingStatus ?? ''),
    ),
  );
  const checkedOut = rng.shuffle(
    out.workflows.filter((w) => ['checkOut', 'fta'].includes(w.bookingStatus ?? '')),
  );
  for (const workflow of [...finalOnes.slice(0, 36), ...checkedOut.slice(0, 4)]) workflow.archived = true;

  // --- Documents ------------------------------------------------------------------------------------
  for (const letter of referralLetters) {
    const id = ids.uuid();
    out.documents.push({
      id,
      workflowId: letter.workflowId,
      clientId: letter.client.id,
      kind: 'referral_letter',
      name: `Referral_Letter_${fileSafe(letter.client.lastName)}.pdf`,
      storageKey: `demo/referral-letters/${id}.pdf`,
      contentType: 'application/pdf',
      createdAt: letter.createdAt,
      updatedAt: letter.createdAt,
    });
  }
  const clientById = new Map(dir.clients.map((c) => [c.id, c]));
  for (const workflow of out.workflows) {
    const client = clientById.get(workflow.clientId);
    const appointment = workflow.id ? appointmentOf.get(workflow.id) : undefined;
    if (!client || !appointment) continue;
    const appointmentDate = dayAt(appointment.startDateTime, appointment.timezone);
    // A report that arrived: reviewed (CP, QR) or not yet (no status); NC while none has arrived.
    if (workflow.gpReportStatus !== 'NC') {
      const id = ids.uuid();
      const at = new Date(
        Math.min(now.getTime(), appointment.startDateTime.getTime() + rng.int(1, 10) * DAY),
      );
      out.documents.push({
        id,
        workflowId: workflow.id,
        clientId: client.id,
        kind: 'gp_report',
        name: `GP_Report_${fileSafe(client.lastName)}_${appointmentDate.replaceAll('-', '')}.pdf`,
        storageKey: `demo/gp-reports/${id}.pdf`,
        contentType: 'application/pdf',
        appointmentDate,
        createdAt: at,
        updatedAt: at,
      });
      workflow.gpReportDocumentId = id;
      if (rng.chance(0.3)) {
        const sender = coordinator();
        out.emailMessages.push({
          id: ids.uuid(),
          workflowId: workflow.id,
          kind: 'manual',
          toAddress:
            dir.referrers.find((r) => r.id === workflow.referrerId)?.email ?? 'reception@clinic.example.org',
          subject: `Specialist letter - ${client.firstName} ${client.lastName}`,
          body: `Dear ${workflow.referrerName},\n\nPlease find attached the specialist letter.\n\nKind regards,\nTelecare`,
          attachments: [
            {
              filename: `GP_Report_${fileSafe(client.lastName)}.pdf`,
              contentType: 'application/pdf',
              storageKey: `demo/gp-reports/${id}.pdf`,
            },
          ],
          sentBy: sender.id,
          status: 'sent',
          sentAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  }
  for (const workflow of rng.sample(
    out.workflows.filter((w) => (w.resultsInspections ?? []).length > 0),
    30,
  )) {
    const client = clientById.get(workflow.clientId);
    const inspection = workflow.resultsInspections?.[0];
    if (!client || !inspection) continue;
    const id = ids.uuid();
    const at = between(rng.next(), workflow.creationTimestamp ?? now, now);
    out.documents.push({
      id,
      workflowId: workflow.id,
      clientId: client.id,
      kind: 'result',
      name: `${fileSafe(inspection)}_Results_${fileSafe(client.lastName)}.pdf`,
      storageKey: `demo/results/${id}.pdf`,
      contentType: 'application/pdf',
      createdAt: at,
      updatedAt: at,
    });
  }

  // --- Todos ----------------------------------------------------------------------------------------
  const assignees = dir.users.filter(
    (u) => ['TELECARE_ADMIN', 'TELECARE_SUPERVISOR', 'TELECARE_IT'].includes(u.role) && !u.disabled,
  );
  const todoWorkflows = rng.sample(
    out.workflows.filter(
      (w) => !w.archived && !HISTORY_BOOKING_STATUSES.includes(w.bookingStatus as BookingStatus),
    ),
    135,
  );
  for (let i = 0; i < 150; i++) {
    const workflow = todoWorkflows[i];
    const dueDate = addDays(today, rng.int(-10, 14));
    const createdAt = new Date(now.getTime() - rng.int(0, 20 * 24) * HOUR);
    out.todos.push({
      id: ids.uuid(),
      workflowId: workflow?.id ?? null,
      clientFullName: workflow ? `${workflow.clientFirstName} ${workflow.clientLastName}` : null,
      createdBy: coordinator().id,
      assignedTo: rng.pick(assignees).id,
      urgency: rng.weighted([
        [1, 25],
        [2, 45],
        [3, 30],
      ] as const),
      status: rng.chance(dueDate < today ? 0.55 : 0.15) ? 'completed' : 'uncompleted',
      dueDate,
      description: workflow
        ? rng.pick(TODO_DESCRIPTIONS)
        : rng.pick([
            'Update the on-call roster',
            'Check the referral inbox for faxes',
            'Review unmatched GP reports',
            'Confirm next month specialist sessions',
            'Clear the error results inbox',
          ]),
      createdAt: createdAt.getTime() > now.getTime() ? now : createdAt,
      updatedAt: now,
    });
  }

  // --- Appointment requests waiting for approval -----------------------------------------------------
  const requestable = rng.sample(
    out.workflows.filter((w) => w.bookingStatus === 'awaitingBooking'),
    3,
  );
  (['first', 'second', 'pending'] as const).forEach((bookingStatus, i) => {
    const workflow = requestable[i];
    const specialist = dir.specialists.find((s) => s.id === workflow?.specialistId);
    if (!workflow || !specialist) return;
    const requestedStart = bookFutureSlot(specialist, specialist.newAppointmentMinutes);
    const at = new Date(now.getTime() - rng.int(1, 72) * HOUR);
    out.appointmentRequests.push({
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

  // Each client's practitioner is the specialist of their latest workflow.
  for (const slot of slots.filter(isLatest)) {
    const specialist = specialistOf.get(slot)?.specialist;
    if (specialist) slot.client.practitionerId = specialist.practitionerId;
    const created = createdOf.get(bySlotKey.get(`${slot.client.id}:0`) ?? slot);
    if (created) slot.client.createdAt = created;
  }

  // Sanity: every booking status is present.
  for (const status of BOOKING_STATUSES) {
    if (!out.workflows.some((w) => w.bookingStatus === status))
      throw new Error(`demo data lacks status ${status}`);
  }
  return out;
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}
