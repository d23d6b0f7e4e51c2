/**
 * The demo workflows and everything hanging off them, made in the order of a seeded generator: the
 * choices for each workflow (demo-workflow-plan.ts), then its referral, appointment, workflow row
 * and messages, then the documents, todos and appointment requests, each from its own builder.
 */
import {
  BOOKING_STATUSES,
  type BookingStatus,
  HISTORY_BOOKING_STATUSES,
} from '@telecare/domain/booking-status';
import {
  appointmentCopy,
  caseManagerCopy,
  clientCopy,
  lastActivityCopy,
  referralCopy,
  siteCopy,
} from '../../modules/workflows/workflow-copies.ts';
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
import {
  type Appointment,
  buildAppointment,
  buildAppointmentRequests,
  demoCalendar,
} from './demo-appointments.ts';
import type { ClientSeed, DemoContext, Directory, Row } from './demo-directory.ts';
import { buildDocuments, type ReferralLetter } from './demo-documents.ts';
import { buildMessages } from './demo-messages.ts';
import { buildReferral } from './demo-referrals.ts';
import { type DemoStaff, demoStaff } from './demo-staff.ts';
import { buildTodos } from './demo-todos.ts';
import { planWorkflow, type WorkflowPlan, workflowLookups } from './demo-workflow-plan.ts';
import { ADMIN_CHECK_NOTES, BOOKING_NOTES, RESULTS_NOTES } from './reference-data.ts';

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

const CATEGORY_COUNTS = [
  ['1', 150],
  ['2', 170],
  ['3', 120],
  ['RC', 60],
] as const;

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

export function buildWorkflows(ctx: DemoContext, dir: Directory, templates: TemplateRefs): WorkflowData {
  const { rng } = ctx;
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
  const staff = demoStaff(ctx, dir);

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

  const lookups = workflowLookups(dir);
  const calendar = demoCalendar(ctx, dir);
  const referralOf = new Map<Slot, WorkflowPlan['referralParty']>();
  const specialistOf = new Map<Slot, WorkflowPlan['specialistChoice']>();
  const createdOf = new Map<Slot, Date>();

  // Latest workflows first, so a client's older ones can be dated before them.
  const ordered = [...slots].sort((a, b) => b.index - b.count - (a.index - a.count));
  const bySlotKey = new Map(slots.map((s) => [`${s.client.id}:${s.index}`, s]));

  let workflowNumber = 0;
  const appointmentOf = new Map<string, Appointment>();
  const referralLetters: ReferralLetter[] = [];

  for (const slot of ordered) {
    const status = statusOfSlot.get(slot) ?? 'NS';
    const later = bySlotKey.get(`${slot.client.id}:${slot.index + 1}`);
    const plan = planWorkflow(
      ctx,
      lookups,
      calendar,
      { ...slot, status },
      {
        createdAt: later ? createdOf.get(later) : undefined,
        specialist: later ? specialistOf.get(later) : undefined,
        referral: later ? referralOf.get(later) : undefined,
      },
    );
    createdOf.set(slot, plan.createdAt);
    specialistOf.set(slot, plan.specialistChoice);
    referralOf.set(slot, plan.referralParty);

    const referral = buildReferral(ctx, plan, workflowNumber);
    out.referrals.push(referral);
    const appointment = buildAppointment(ctx, plan, workflowNumber, templates, staff);
    if (appointment) {
      out.appointments.push(appointment);
      appointmentOf.set(plan.workflowId, appointment);
    }
    out.workflows.push(
      buildWorkflowRow(
        ctx,
        plan,
        { referral, appointment, category: categories[workflowNumber] ?? '2' },
        staff,
      ),
    );
    workflowNumber++;

    if (rng.chance(0.88)) {
      referralLetters.push({ workflowId: plan.workflowId, client: slot.client, createdAt: plan.createdAt });
    }
    buildMessages(ctx, plan, referral.endDate, templates, staff, out);
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

  buildDocuments(ctx, dir, { referralLetters, appointmentOf }, staff, out);
  out.todos.push(...buildTodos(ctx, dir, out.workflows, staff));
  out.appointmentRequests.push(...buildAppointmentRequests(ctx, dir, out.workflows, calendar));

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

/** The workflow row: its own columns, and the copies of its client, referral, site, case manager and appointment. */
function buildWorkflowRow(
  ctx: DemoContext,
  plan: WorkflowPlan,
  links: { referral: { id: string; endDate: string }; appointment: Appointment | null; category: string },
  staff: DemoStaff,
): Row<typeof workflows> {
  const { rng } = ctx;
  const { referral, appointment, category } = links;
  const {
    workflowId,
    client,
    status,
    createdAt,
    specialist,
    speciality,
    referrer,
    location,
    site,
    atHome,
    isNew,
    start,
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
  } = plan;
  const bookingCoordinator = staff.maybeCoordinator();
  return {
    id: workflowId,
    clientId: client.id,
    ...referralCopy(
      {
        referralId: referral.id,
        referrerId: referrer.id,
        clinicId: location.clinicId,
        endDate: referral.endDate,
      },
      referrer,
    ),
    ...siteCopy(site),
    ...caseManagerCopy(specialist, specialist.specialityNames, speciality),
    ...appointmentCopy(
      appointment
        ? {
            appointmentId: appointment.id,
            startDateTime: appointment.startDateTime,
            timezone: appointment.timezone,
          }
        : null,
    ),
    creationTimestamp: createdAt,
    createdBy: rng.chance(0.85) ? staff.coordinator().id : null,
    archived: false,
    finNo: !atHome && start && rng.chance(0.6) ? rng.digits(8) : null,
    alerts: [],
    emailNotifications: rng.chance(0.5)
      ? { patient: Boolean(client.email), referrer: rng.chance(0.6), practitioner: rng.chance(0.3) }
      : {},
    patientSnapformSubmitted: start && rng.chance(0.1) ? true : null,
    ...clientCopy({ ...client, urn: client.urn ?? null }),
    category,
    ...lastActivityCopy(lastActivityName),
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
    resultsCoordinatorId: resultsStatus ? staff.maybeCoordinator() : null,
    resultsNotes: resultsStatus && rng.chance(0.4) ? rng.pick(RESULTS_NOTES) : null,
    resultsUrgent: resultsStatus !== null && rng.chance(0.05),
    resultsInspections: inspections,
    adminCheckStatus,
    adminCheckCoordinatorId: adminCheckStatus ? staff.maybeCoordinator() : null,
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
  };
}
