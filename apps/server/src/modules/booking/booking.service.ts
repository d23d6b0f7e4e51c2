import {
  APPOINTMENT_DURATIONS,
  type AvailabilitySlotQuerySchema,
  type AvailabilitySlotResponse,
  BOOKING_MESSAGES,
  type BookingResponse,
  type CancelBookingRequestSchema,
  type CancelBookingResponse,
  type CancellationEmailRequestSchema,
  type CancellationEmailResponse,
  type CreateBookingRequestSchema,
  type RescheduleBookingRequestSchema,
} from '@telecare/contracts/booking';
import { ErrorCode } from '@telecare/contracts/errors';
import { autoNotes, joinNotes } from '@telecare/domain/booking-notes';
import {
  dayAt,
  daysBetween,
  daysOfMonth,
  formatDateTimeAt,
  instantAt,
  zoneAbbreviation,
} from '@telecare/domain/calendar';
import { doctorName } from '@telecare/domain/referral-rules';
import { fitsInSlot } from '@telecare/domain/slots';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type {
  PmAppointment,
  PmAppointmentInput,
  PracticeManagementFactory,
} from '../../integrations/practice-management/practice-management.ts';
import { queueEmail } from '../../jobs/email-delivery.job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, createChangeWriter } from '../../lib/write-change.ts';
import type { AuditEvent } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { findSite } from '../directory/directory.queries.ts';
import {
  appointmentCopy,
  bookedCopiesValues,
  caseManagerCopy,
  lastActivityCopy,
  siteCopy,
  writeWorkflowCopies,
} from '../workflows/workflow-copies.ts';
import { findLiveWorkflow, type LiveWorkflow } from '../workflows/workflows.queries.ts';
import { type AppointmentChangeListener, appointmentChangeNotifier } from './appointment-changes.ts';
import {
  type BookingWorkflow,
  bookingFactsReader,
  closeBooking,
  findLiveAppointment,
  findWorkflowAppointment,
  insertActivity,
  selectCancellationRecipients,
  updateAppointmentExtras,
} from './booking.queries.ts';
import {
  type BookingSteps,
  bookingSiteLookup,
  failed,
  invalid,
  isUuid,
  requireActiveSpecialist,
  requireAppointmentType,
  requireBookingSite,
  requireNotInPast,
  requireReferralNotExpired,
  requireSmsTemplateSet,
  runBookingChecks,
} from './booking-rules.ts';
import {
  bookedTimesWindow,
  type FreeDay,
  freeDaysOf,
  localMinutes,
  openDates,
  selectFreeDays,
} from './free-days.ts';
import type { FreeDaysCache } from './free-days-cache.ts';

type Create = z.output<typeof CreateBookingRequestSchema>;
type Reschedule = z.output<typeof RescheduleBookingRequestSchema>;
type Cancel = z.output<typeof CancelBookingRequestSchema>;
type CancellationEmail = z.output<typeof CancellationEmailRequestSchema>;
type CancellationRecipients = CancellationEmail['to'];
type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findWorkflowAppointment>>>;
type AvailabilityQuery = z.output<typeof AvailabilitySlotQuerySchema>;

const B = BOOKING_MESSAGES;

/** A time in the notes, naming its zone both ways: '27/11/2026 09:30 AEDT (Australia/Sydney)'. */
const timeWithZone = (instant: Date, zone: string) =>
  `${formatDateTimeAt(instant, zone)} ${zoneAbbreviation(instant, zone)} (${zone})`;

/** A booking as the booking form or an approved appointment request asks for it. */
export type BookingInput = {
  specialistId?: string | null | undefined;
  /** The day of `start` in `timezone` (YYYY-MM-DD). */
  date: string;
  start: Date;
  durationMinutes?: number | null | undefined;
  timezone: string;
  appointmentType?: string | null | undefined;
  consultationType: 'NEW' | 'REVIEW';
  siteId?: string | null | undefined;
  dialInMethod?: PmAppointmentInput['dialInMethod'] | undefined;
  notes?: string | null | undefined;
  contOrTbc?: string | null | undefined;
  smsTemplateSetId?: string | null | undefined;
  rtNote?: string | null | undefined;
  /** The request field the time checks' messages belong to. */
  timeField: string;
};

const summary = (booked: PmAppointment, site: { id: string; name: string } | undefined) => ({
  id: booked.appointmentId,
  specialistId: booked.specialistId,
  startDateTime: booked.startDateTime.toISOString(),
  endDateTime: booked.endDateTime.toISOString(),
  durationMinutes: booked.durationMinutes,
  timezone: booked.timezone,
  siteId: site?.id ?? null,
  siteName: site?.name ?? null,
});

export function createBookingService(deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  practiceManagement: PracticeManagementFactory;
  appointmentListeners?: readonly AppointmentChangeListener[];
  freeDaysCache: FreeDaysCache;
}) {
  const { db, clock, changes, practiceManagement, freeDaysCache } = deps;
  const appointmentChanged = appointmentChangeNotifier(deps.appointmentListeners ?? []);
  const readBookingFacts = bookingFactsReader(deps.appointmentListeners ?? []);
  const write = createChangeWriter({ db, changes });
  const workflowChanged = (id: string) => [{ type: 'workflow.changed' as const, ids: [id] }];
  /** A booking changes its specialist's free time: calendars refresh and the free-days cache forgets. */
  const bookingChanged = (workflowId: string, specialistId: string | null) => [
    ...workflowChanged(workflowId),
    ...(specialistId ? [{ type: 'schedule.changed' as const, ids: [specialistId] }] : []),
  ];

  /** One specialist's free days (shared with the Specialists page: free-days.ts). */
  const freeDays = (tx: Db, specialistId: string, from: string, to: string, exceptAppointmentId?: string) =>
    selectFreeDays(tx, [specialistId], from, to, { exceptAppointmentId });

  /**
   * The server's steps for the time checks (referral expired to in the past, in the shared order):
   * `durationListed` answers the duration; `timeInFreeSlot` reads the day `dayHasFreeTime` loaded.
   */
  function timeChecks(
    loadDay: () => Promise<FreeDay | undefined> | FreeDay | undefined,
    input: {
      workflow: Pick<LiveWorkflow, 'referralEndDate'>;
      date: string;
      start: Date;
      durationMinutes: number | null | undefined;
      timezone: string;
      field: string;
    },
  ) {
    const now = clock.now();
    const duration = input.durationMinutes ?? 0;
    let day: FreeDay | undefined;
    return {
      referralNotExpired: () =>
        requireReferralNotExpired(input.workflow.referralEndDate, now, input.timezone, input.field),
      durationGiven: () => {
        if (!duration) throw failed('durationGiven', 'durationMinutes');
      },
      durationListed: () => {
        if (!(APPOINTMENT_DURATIONS as readonly number[]).includes(duration)) {
          throw failed('durationListed', 'durationMinutes');
        }
        return duration;
      },
      dayHasFreeTime: async () => {
        day = await loadDay();
        if (!day || day.slots.length === 0) throw failed('dayHasFreeTime', input.field);
      },
      timeInFreeSlot: () => {
        const startMinutes =
          day && dayAt(input.start, day.timezone) === day.date
            ? localMinutes(input.start, day.date, day.timezone)
            : -1;
        if (!day || startMinutes < 0 || !fitsInSlot(day.slots, startMinutes, duration)) {
          // Inside the availability but overlapping a booking: the time is taken (409, as when a
          // concurrent booking wins the adapter's lock); outside the availability: 400.
          if (day && startMinutes >= 0 && fitsInSlot(day.timeslots, startMinutes, duration)) {
            throw new AppError(ErrorCode.conflict, B.timeNotAvailable);
          }
          throw failed('timeInFreeSlot', input.field);
        }
      },
      notInPast: () => requireNotInPast(input.start, now, input.field),
    } satisfies BookingSteps;
  }

  async function workflowOf(tx: Db, id: string) {
    const workflow = await findLiveWorkflow(tx, id, { lock: true });
    if (!workflow) throw new AppError(ErrorCode.notFound, B.noSuchWorkflow);
    return workflow;
  }

  async function appointmentOf(tx: Db, workflow: LiveWorkflow, appointmentId: string) {
    const appointment = await findLiveAppointment(tx, workflow.id, appointmentId);
    if (!appointment) throw new AppError(ErrorCode.notFound, B.noSuchAppointment);
    return appointment;
  }

  /**
   * The one place that builds the cancellation e-mail: queues it, in the caller's transaction, to
   * the referrer's and/or the practitioner's address from our records (one per distinct address).
   * Returns how many were queued; 0 when no chosen recipient has an address.
   */
  async function queueCancellationEmails(
    tx: Db,
    actor: AuthContext,
    workflow: LiveWorkflow,
    appointment: Pick<AppointmentRow, 'clientId' | 'specialistId' | 'startDateTime' | 'timezone'>,
    to: CancellationRecipients,
  ): Promise<number> {
    const { patient, specialist, referrerEmail } = await selectCancellationRecipients(tx, {
      referrerId: workflow.referrerId,
      specialistId: appointment.specialistId,
      clientId: appointment.clientId,
    });
    const recipients = [
      ...new Set(
        [to.referrer ? referrerEmail : null, to.practitioner ? specialist?.email : null].filter(
          (e): e is string => Boolean(e),
        ),
      ),
    ];
    const when = formatDateTimeAt(appointment.startDateTime, appointment.timezone);
    const patientName = patient
      ? `${patient.firstName} ${patient.lastName}`
      : `${workflow.clientFirstName} ${workflow.clientLastName}`;
    const body = [
      `The appointment of ${patientName}${specialist ? ` with ${doctorName(specialist)}` : ''} on ${when} (${appointment.timezone}) has been cancelled.`,
      workflow.urn ? `Patient URN: ${workflow.urn}` : null,
    ]
      .filter(Boolean)
      .join('\n');
    for (const address of recipients) {
      await queueEmail(tx, {
        workflowId: workflow.id,
        kind: 'notification',
        toAddress: address,
        subject: 'Appointment cancelled',
        body,
        sentBy: actor.user.uid,
        status: 'queued',
      });
    }
    return recipients.length;
  }

  const audit = (
    actor: AuthContext,
    origin: RequestOrigin,
    action: string,
    workflowId: string,
    details: Record<string, unknown>,
  ): AuditEvent => ({
    action,
    ...auditedBy(actor, origin),
    entityType: 'workflow',
    entityId: workflowId,
    details,
  });

  /**
   * Books an appointment for the live workflow `workflowId`, with the spec's checks in order, through
   * the practice-management system, in the caller's change (its transaction): the workflow is locked
   * and read with everything the checks need in one statement, and `accept` refuses it first when
   * the caller has a reason to. The one booking path: the booking form and approving an appointment
   * request. Answers what the caller's change record needs; the workflow's copies (booked) are
   * written by `closing`, with the change's audit row and events (docs/decisions/0051).
   */
  async function bookAppointment(
    tx: Db,
    actor: AuthContext,
    workflowId: string,
    input: BookingInput,
    accept: (workflow: BookingWorkflow) => void = () => undefined,
  ) {
    const now = clock.now();
    const specialistId = isUuid(input.specialistId) ? input.specialistId : null;
    const window = bookedTimesWindow(input.date, input.date);
    const facts = await readBookingFacts(tx, {
      workflowId,
      smsTemplateSetId: isUuid(input.smsTemplateSetId) ? input.smsTemplateSetId : null,
      specialistId,
      ...bookingSiteLookup(input.appointmentType, input.siteId),
      date: input.date,
      bookedFrom: window.from,
      bookedTo: window.to,
    });
    if (!facts) throw new AppError(ErrorCode.notFound, B.noSuchWorkflow);
    const { workflow } = facts;
    accept(workflow);
    const {
      smsTemplateSet: smsTemplateSetId,
      durationListed: durationMinutes,
      practitioner: specialist,
      appointmentType,
      site,
    } = await runBookingChecks({
      smsTemplateSet: () =>
        requireSmsTemplateSet(input.smsTemplateSetId, facts.smsTemplateSetFound, 'selectedSMSTemplateSetId'),
      ...timeChecks(
        () =>
          specialistId
            ? freeDaysOf(
                facts.timeslots.map((slot) => ({ ...slot, specialistId, date: input.date })),
                facts.booked.map((booked) => ({ ...booked, specialistId })),
              )[0]
            : undefined,
        {
          workflow,
          date: input.date,
          start: input.start,
          durationMinutes: input.durationMinutes,
          timezone: input.timezone,
          field: input.timeField,
        },
      ),
      practitioner: () => requireActiveSpecialist(facts.specialist, 'appointment.specialistId'),
      appointmentType: () => requireAppointmentType(input.appointmentType, 'appointment.appointmentType'),
      site: () => requireBookingSite(facts.site, input.rtNote),
    });
    const staffName = `${actor.user.firstName} ${actor.user.lastName}`;
    const autoLines = [
      `Booked by ${staffName} on ${timeWithZone(now, input.timezone)}`,
      input.dialInMethod ? `Dial-in: ${input.dialInMethod}` : null,
      input.contOrTbc ? `CONT/TBC: ${input.contOrTbc}` : null,
      input.rtNote?.trim() ? `RT note: ${input.rtNote.trim()}` : null,
    ].filter((line): line is string => Boolean(line));

    const result = await practiceManagement(tx).createAppointment({
      clientId: workflow.clientId,
      workflowId: workflow.id,
      specialistId: specialist.id,
      siteId: site.id,
      startDateTime: input.start,
      durationMinutes,
      timezone: input.timezone,
      appointmentType,
      consultationType: input.consultationType,
      dialInMethod: input.dialInMethod ?? null,
      notes: joinNotes(input.notes, autoLines),
      smsTemplateSetId,
      bookedBy: actor.user.uid,
    });
    if (result.status === 'conflict') throw new AppError(ErrorCode.conflict, B.timeNotAvailable);
    const booked = result.appointment;
    await appointmentChanged(
      tx,
      {
        kind: 'booked',
        appointmentId: booked.appointmentId,
        workflowId: workflow.id,
        startDateTime: booked.startDateTime,
        timezone: booked.timezone,
        appointmentType,
        specialist: {
          title: specialist.title,
          firstName: specialist.firstName,
          lastName: specialist.lastName,
          videoLink: specialist.videoLink,
        },
        siteName: site.name,
      },
      facts.listenerReads,
    );
    const closing = {
      statement: closeBooking,
      values: {
        ...bookedCopiesValues(
          workflow.id,
          {
            ...appointmentCopy(booked),
            ...caseManagerCopy(specialist, specialist.specialityNames, workflow.specialityName),
            ...siteCopy(site),
          },
          {
            bookingStatusUpdatedAt: workflow.bookingStatus !== 'booked' ? now : null,
            isNewAppointment: input.consultationType === 'NEW',
            ...(input.contOrTbc !== undefined ? { contOrTbc: input.contOrTbc } : {}),
          },
        ),
        appointmentId: booked.appointmentId,
        // Zoom: the join URL defaults to the specialist's video link (V-31; no Zoom API).
        zoomJoinUrl: input.dialInMethod === 'zoom' ? specialist.videoLink : null,
      },
    };
    return { booked, site, specialist, workflow, closing };
  }

  return {
    /** The month's available dates (today or later) with their free slots, in each day's zone. */
    async availability(query: AvailabilityQuery): Promise<AvailabilitySlotResponse> {
      const month = daysOfMonth(`${query.month.slice(0, 4)}-${query.month.slice(4)}-01`);
      const now = clock.now();
      const days = await freeDaysCache.freeDays([query.specialistId], month[0] ?? '', month.at(-1) ?? '', {
        includePrivate: true,
      });
      const dates = openDates(days, now, query.duration ?? 1).map(({ specialistId: _, ...date }) => date);
      return { specialistId: query.specialistId, month: query.month, dates };
    },

    bookAppointment,

    /** Books a new appointment for the workflow, with the spec's checks in order. */
    async create(actor: AuthContext, origin: RequestOrigin, input: Create): Promise<BookingResponse> {
      return write(async (tx) => {
        const { appointment } = input;
        const { booked, site, specialist, workflow, closing } = await bookAppointment(
          tx,
          actor,
          input.id,
          {
            ...appointment,
            start: instantAt(appointment.date, appointment.startTime, appointment.timezone),
            smsTemplateSetId: input.selectedSMSTemplateSetId,
            timeField: 'appointment.startTime',
          },
          (workflow) => {
            if (workflow.appointmentId) throw new AppError(ErrorCode.alreadyBooked, B.alreadyBooked);
          },
        );
        return {
          closingWrites: closing,
          result: { workflowId: workflow.id, appointment: summary(booked, site) },
          audit: [
            audit(actor, origin, 'appointment.booked', workflow.id, {
              appointmentId: booked.appointmentId,
              specialistId: specialist.id,
            }),
          ],
          events: bookingChanged(workflow.id, specialist.id),
        };
      });
    },

    /** Moves the workflow's appointment, with the same time checks (its own time counts as free). */
    async reschedule(actor: AuthContext, origin: RequestOrigin, input: Reschedule): Promise<BookingResponse> {
      return write(async (tx) => {
        const workflow = await workflowOf(tx, input.id);
        const current = await appointmentOf(tx, workflow, input.appointmentId);
        const start = new Date(input.startDateTime);
        if (input.duration && input.endDateTime) {
          const end = new Date(input.endDateTime);
          if (end.getTime() !== start.getTime() + input.duration * 60_000) {
            throw invalid('endDateTime', B.endDateTime);
          }
        }
        const date = dayAt(start, current.timezone);
        const { durationListed: durationMinutes } = await runBookingChecks(
          timeChecks(async () => (await freeDays(tx, current.specialistId, date, date, current.id))[0], {
            workflow,
            date,
            start,
            durationMinutes: input.duration,
            timezone: current.timezone,
            field: 'startDateTime',
          }),
        );
        const result = await practiceManagement(tx).rescheduleAppointment(current.id, {
          startDateTime: start,
          durationMinutes,
        });
        if (result.status === 'notFound') throw new AppError(ErrorCode.notFound, B.noSuchAppointment);
        if (result.status === 'conflict') throw new AppError(ErrorCode.conflict, B.timeNotAvailable);
        const moved = result.appointment;
        if (workflow.appointmentId === moved.appointmentId) {
          await writeWorkflowCopies(tx, [workflow.id], appointmentCopy(moved));
        }
        const zone = current.timezone;
        const from = timeWithZone(current.startDateTime, zone);
        await updateAppointmentExtras(tx, moved.appointmentId, {
          notes: joinNotes(input.notes === undefined ? current.notes : input.notes, [
            ...autoNotes(current.notes),
            `Rescheduled from ${from} by ${actor.user.firstName} ${actor.user.lastName}`,
          ]),
        });
        // A move to a later day is a postpone of whole weeks (V-11).
        const days = daysBetween(dayAt(current.startDateTime, zone), dayAt(moved.startDateTime, zone));
        if (days > 0) {
          await insertActivity(tx, {
            workflowId: workflow.id,
            name: 'postpone',
            postponeWeeks: Math.floor(days / 7),
            reason: input.reason ?? null,
            createdBy: actor.user.uid,
          });
          await writeWorkflowCopies(tx, [workflow.id], lastActivityCopy('postpone'));
        }
        await appointmentChanged(tx, {
          kind: 'rescheduled',
          appointmentId: moved.appointmentId,
          workflowId: workflow.id,
          startDateTime: moved.startDateTime,
          previousStartDateTime: current.startDateTime,
          timezone: moved.timezone,
        });
        const site = current.siteId ? await findSite(tx, current.siteId) : undefined;
        return {
          result: { workflowId: workflow.id, appointment: summary(moved, site) },
          audit: [
            audit(actor, origin, 'appointment.rescheduled', workflow.id, {
              appointmentId: moved.appointmentId,
              from: current.startDateTime.toISOString(),
              to: moved.startDateTime.toISOString(),
            }),
          ],
          events: bookingChanged(workflow.id, current.specialistId),
        };
      });
    },

    /** Cancels (never deletes) the appointment and clears the workflow's copies; optionally queues e-mails. */
    async cancel(actor: AuthContext, origin: RequestOrigin, input: Cancel): Promise<CancelBookingResponse> {
      return write(async (tx) => {
        const workflow = await workflowOf(tx, input.id);
        const appointment = await appointmentOf(tx, workflow, input.appointmentId);
        const now = clock.now();
        const cancelled = await practiceManagement(tx).cancelAppointment(input.appointmentId, {
          cancelledBy: actor.user.uid,
          cancelledAt: now,
        });
        if (!cancelled) throw new AppError(ErrorCode.notFound, B.noSuchAppointment);
        if (workflow.appointmentId === cancelled.appointmentId) {
          await writeWorkflowCopies(tx, [workflow.id], appointmentCopy(null), {
            bookingStatus: 'awaitingBooking',
            ...(workflow.bookingStatus !== 'awaitingBooking' ? { bookingStatusUpdatedAt: now } : {}),
          });
        }
        await insertActivity(tx, {
          workflowId: workflow.id,
          name: 'cancel',
          reason: input.reason ?? null,
          createdBy: actor.user.uid,
        });
        await writeWorkflowCopies(tx, [workflow.id], lastActivityCopy('cancel'));
        await appointmentChanged(tx, {
          kind: 'cancelled',
          appointmentId: cancelled.appointmentId,
          workflowId: workflow.id,
        });
        const emailsQueued = input.sendCancellationEmail
          ? await queueCancellationEmails(tx, actor, workflow, appointment, {
              referrer: true,
              practitioner: true,
            })
          : 0;
        return {
          result: {
            workflowId: workflow.id,
            appointmentId: cancelled.appointmentId,
            cancelledAt: now.toISOString(),
            emailsQueued,
          },
          audit: [
            audit(actor, origin, 'appointment.cancelled', workflow.id, {
              appointmentId: cancelled.appointmentId,
              emailsQueued,
            }),
          ],
          events: bookingChanged(workflow.id, appointment.specialistId),
        };
      });
    },

    /**
     * The spec's cancellation e-mail (POST /admin/email/delete-appointment) for an appointment that
     * is already cancelled: queued to the chosen recipients, with an audit row, in one transaction.
     */
    async sendCancellationEmail(
      actor: AuthContext,
      origin: RequestOrigin,
      input: CancellationEmail,
    ): Promise<CancellationEmailResponse> {
      return write(async (tx) => {
        const workflow = await workflowOf(tx, input.id);
        const appointment = await findWorkflowAppointment(tx, workflow.id, input.appointmentId);
        if (!appointment) throw new AppError(ErrorCode.notFound, B.noSuchAppointment);
        if (!appointment.cancelledAt) throw new AppError(ErrorCode.conflict, B.notCancelled);
        const emailsQueued = await queueCancellationEmails(tx, actor, workflow, appointment, input.to);
        if (emailsQueued === 0) throw invalid('to', B.noRecipientAddress);
        return {
          result: { workflowId: workflow.id, appointmentId: appointment.id, emailsQueued },
          audit: [
            audit(actor, origin, 'appointment.cancellation-email.queued', workflow.id, {
              appointmentId: appointment.id,
              to: input.to,
              emailsQueued,
            }),
          ],
          events: workflowChanged(workflow.id),
        };
      });
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
