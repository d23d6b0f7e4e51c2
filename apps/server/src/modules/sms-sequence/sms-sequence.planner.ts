import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@telecare/contracts/errors';
import { australianMobileE164, MOBILE_REFUSED } from '@telecare/domain/phone-numbers';
import {
  DEFAULT_PATIENT_ZONE,
  planSmsSequence,
  QUIET_HOURS,
  type QuietHours,
  renderSmsTemplate,
  STEP_TEMPLATE_ORDER,
} from '@telecare/domain/sms-sequence';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { cancelJobsByKeyPrefix, enqueueJobsStatement } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppointmentChange, AppointmentChangeListener } from '../booking/appointment-changes.ts';
import { updateWorkflowsStatement } from '../workflows/workflows.queries.ts';
import {
  cancelUnsentSteps,
  findPlanningContext,
  type PlanningRead,
  planningContextOfBooking,
  planningReadWithBooking,
} from './sms-sequence.queries.ts';

export const SMS_JOB = { send: 'sms.send', noResponse: 'sms.no-response' } as const;
/** Attempts per SMS: retries 1, 2, 4 ... 64 minutes apart ride out a provider outage of about 2 hours. */
export const SMS_MAX_ATTEMPTS = 8;

/** The key of a step's job; every job of an appointment's sequence starts with `sequenceKeyPrefix`. */
export const sequenceKeyPrefix = (appointmentId: string) => `sms-seq:${appointmentId}:`;
export const stepKey = (appointmentId: string, step: string) => `${sequenceKeyPrefix(appointmentId)}${step}`;
export const noResponseKey = (appointmentId: string) => `${sequenceKeyPrefix(appointmentId)}no-response`;

/** Cancels every step of the appointment that has not gone out, and the no-response check. */
export async function cancelSequence(tx: Db, appointmentId: string, now: Date) {
  await cancelJobsByKeyPrefix(tx, sequenceKeyPrefix(appointmentId), now);
  await cancelUnsentSteps(tx, appointmentId);
}

/**
 * Plans the automatic SMS sequence of a booked appointment (docs/decisions/0032): one sms_messages
 * row per step ('Not Sent' until it goes out) and one job per step, in the booking's transaction.
 * Nothing is planned without a template set with templates, or without a mobile number; a mobile
 * that is not an Australian mobile refuses the booking before anything is queued.
 */
async function planSequence(
  tx: Db,
  clock: Clock,
  quietHours: QuietHours,
  change: Extract<AppointmentChange, { appointmentId: string }>,
) {
  const context =
    change.kind === 'booked' && change.read
      ? planningContextOfBooking(change, change.read as PlanningRead)
      : await findPlanningContext(tx, change.appointmentId);
  if (!context || context.templates.length === 0 || !context.mobile?.trim()) return;
  const phoneNumber = australianMobileE164(context.mobile);
  if (!phoneNumber) throw new AppError(ErrorCode.validation, MOBILE_REFUSED);
  const { appointment } = context;
  const type = appointment.appointmentType === 'atHome' ? 'AT_HOME' : 'AT_GP';
  const patientZone = context.patientZone ?? DEFAULT_PATIENT_ZONE;
  const now = clock.now();
  const values = {
    patientName: context.firstName,
    specialistName: [context.specialistTitle, context.specialistFirst, context.specialistLast]
      .filter(Boolean)
      .join(' '),
    start: appointment.startDateTime,
    zone: appointment.timezone,
    siteName: context.siteName ?? '',
    videoLink: appointment.zoomJoinUrl ?? context.videoLink ?? '',
  };
  const planned = planSmsSequence({ now, start: appointment.startDateTime, patientZone, quietHours }).flatMap(
    (entry) => {
      const template = context.templates.find(
        (t) => t.type === type && t.sortOrder === STEP_TEMPLATE_ORDER[entry.step],
      );
      return template ? [{ ...entry, body: renderSmsTemplate(template.content, values) }] : [];
    },
  );
  if (planned.length === 0) return;
  // One round trip: the steps' rows, their jobs and the workflow's reply state in one statement.
  const messages = planned.map((entry) => ({
    id: randomUUID(),
    workflowId: change.workflowId,
    appointmentId: appointment.id,
    kind: 'sequence' as const,
    step: entry.step,
    direction: 'outbound' as const,
    phoneNumber,
    body: entry.body,
    status: 'planned' as const,
    plannedAt: entry.sendAt,
  }));
  const insertMessages = tx.insert(smsMessages).values(messages);
  const markPending = updateWorkflowsStatement(tx, [change.workflowId], { smsReply: 'pending' });
  const insertJobs = enqueueJobsStatement(
    tx,
    messages.map((message) => ({
      kind: SMS_JOB.send,
      payload: { smsMessageId: message.id, patientZone },
      runAt: message.plannedAt,
      dedupeKey: stepKey(appointment.id, message.step),
      workflowId: change.workflowId,
      maxAttempts: SMS_MAX_ATTEMPTS,
    })),
  );
  await tx.execute(
    sql`with planned as (${insertMessages.getSQL()}), pending as (${markPending.getSQL()}) ${insertJobs.getSQL()}`,
  );
}

/** The booking listener: plans on booking, re-plans from the new time on reschedule, cancels on cancel. */
export function createSmsSequencePlanner(deps: {
  clock: Clock;
  quietHours?: QuietHours;
}): AppointmentChangeListener {
  const quietHours = deps.quietHours === undefined ? QUIET_HOURS : deps.quietHours;
  const planner: AppointmentChangeListener = async (tx, change) => {
    if (change.kind === 'booked') {
      await planSequence(tx, deps.clock, quietHours, change);
    } else if (change.kind === 'rescheduled') {
      await cancelSequence(tx, change.appointmentId, deps.clock.now());
      await planSequence(tx, deps.clock, quietHours, change);
    } else {
      await cancelSequence(tx, change.appointmentId, deps.clock.now());
    }
  };
  // A new booking's patient and templates come with the booking's own read (one round trip fewer).
  planner.readWithBooking = planningReadWithBooking;
  return planner;
}
