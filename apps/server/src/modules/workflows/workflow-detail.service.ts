import { ErrorCode } from '@telecare/contracts/errors';
import type { ClientRecord, WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { dayAt } from '@telecare/domain/calendar';
import { staffColour, staffInitials } from '@telecare/domain/staff-tag';
import { workflowAlerts } from '@telecare/domain/workflow-alerts';
import { SMS_STEPS, type SmsStep, smsDots, voiceCallDot } from '@telecare/domain/workflow-rules';
import type { Db } from '../../db/database.ts';
import type { clientAddresses, clients, smsMessages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { findSite } from '../directory/directory.queries.ts';
import {
  findAppointmentDetail,
  findClientWithAddresses,
  findPendingRequest,
  findReferralDetail,
  findStaffUser,
  latestIvrCall,
  selectActivities,
  selectDocuments,
  selectEmails,
  selectNotifications,
  selectSms,
  selectTodos,
} from './workflow-detail.queries.ts';
import { toWorkflowRow } from './workflow-row.presenter.ts';
import {
  attachCoordinatorNames,
  findLiveWorkflow,
  selectSameClientWorkflows,
  type WorkflowRecord,
} from './workflows.queries.ts';

type AddressRow = typeof clientAddresses.$inferSelect;
type SmsRow = typeof smsMessages.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function addressOf(rows: AddressRow[], kind: 'residential' | 'postal') {
  const row = rows.find((a) => a.kind === kind);
  return {
    country: row?.country ?? 'AUSTRALIA',
    streetAddress: row?.streetAddress ?? null,
    suburb: row?.suburb ?? null,
    postcode: row?.postcode ?? null,
    state: row?.state ?? null,
  };
}

export function toClientRecord(client: typeof clients.$inferSelect, addresses: AddressRow[]): ClientRecord {
  const residential = addressOf(addresses, 'residential');
  return {
    clientId: client.id,
    externalClientId: client.externalClientId,
    urn: client.urn,
    title: client.title,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth,
    gender: client.gender,
    clientGroupId: client.clientGroupId,
    email: client.email,
    phoneNumberMobile: client.phoneMobile,
    phoneNumberHome: client.phoneHome,
    phoneNumberWork: client.phoneWork,
    phoneNumberFax: client.phoneFax,
    addressResidential: residential,
    addressPostal: client.postalSameAsResidential ? residential : addressOf(addresses, 'postal'),
    postalSameAsResidential: client.postalSameAsResidential,
  };
}

/**
 * Each step of the latest sequence with when it went out and the patient's first reply after it. Steps that have
 * not gone out (planned, cancelled, failed) have no dot colour of their own; messages are taken in
 * the order they went out or came in.
 */
function sequenceSteps(sms: SmsRow[]) {
  const steps: Partial<Record<SmsStep, { sentAt: Date | null; reply: string | null }>> = {};
  let current: SmsStep | null = null;
  const unsent = new Set(['planned', 'queued', 'cancelled', 'failed']);
  const happened = sms
    .filter((m) => m.kind === 'sequence' && !(m.direction === 'outbound' && unsent.has(m.status)))
    .sort((a, b) => (a.sentAt ?? a.createdAt).getTime() - (b.sentAt ?? b.createdAt).getTime());
  for (const message of happened) {
    if (
      message.direction === 'outbound' &&
      message.step &&
      (SMS_STEPS as readonly string[]).includes(message.step)
    ) {
      current = message.step as SmsStep;
      // An initial SMS starts a new sequence (a new booking or a reschedule): earlier steps no longer count.
      if (current === 'initial') for (const step of SMS_STEPS) delete steps[step];
      steps[current] ??= { sentAt: message.sentAt ?? message.createdAt, reply: null };
    } else if (message.direction === 'inbound' && current && steps[current] && !steps[current]?.reply) {
      (steps[current] as { reply: string | null }).reply = message.body;
    }
  }
  return steps;
}

/** The day the alerts are judged on (referral expiry, age): the service's home zone. */
const ALERT_DAY_ZONE = 'Australia/Melbourne';

export function createWorkflowDetailService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function staffTagOf(userId: string | null) {
    const user = userId ? await findStaffUser(db, userId) : undefined;
    if (!user) return null;
    return {
      name: `${user.firstName} ${user.lastName}`,
      initials: staffInitials(user.firstName, user.lastName),
      colour: staffColour(user.id),
    };
  }

  async function load(id: string): Promise<WorkflowRecord> {
    const workflow = await findLiveWorkflow(db, id);
    if (!workflow) throw new AppError(ErrorCode.notFound, 'This workflow does not exist.');
    return workflow;
  }

  return {
    /** Everything the detail panel shows; every read is audited. */
    async detail(auth: AuthContext, origin: RequestOrigin, id: string): Promise<WorkflowDetail> {
      const workflow = await load(id);
      const now = clock.now();
      const [client, referral, appointment, site, sms, notes, emails, todoRows, activities, documents, ivr] =
        await Promise.all([
          findClientWithAddresses(db, workflow.clientId),
          workflow.referralId ? findReferralDetail(db, workflow.referralId) : undefined,
          workflow.appointmentId ? findAppointmentDetail(db, workflow.appointmentId) : undefined,
          workflow.siteId ? findSite(db, workflow.siteId) : undefined,
          selectSms(db, id),
          selectNotifications(db, id),
          selectEmails(db, id),
          selectTodos(db, id),
          selectActivities(db, id),
          selectDocuments(db, id),
          latestIvrCall(db, id),
        ]);
      if (!client) throw new AppError(ErrorCode.notFound, 'This workflow has no client.');
      const [createdBy, bookedBy, pending] = await Promise.all([
        staffTagOf(workflow.createdBy),
        staffTagOf(appointment?.appointment.bookedBy ?? null),
        findPendingRequest(db, id),
      ]);
      await recordAudit(db, {
        action: 'workflow.viewed',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        entityType: 'workflow',
        entityId: id,
        ipAddress: origin.ipAddress,
        details: { clientId: workflow.clientId },
      });
      const ivrState = ivr ? { status: ivr.status, reply: ivr.reply } : null;
      const steps = sequenceSteps(sms);
      return {
        row: toWorkflowRow((await attachCoordinatorNames(db, [workflow]))[0] ?? workflow, now),
        client: toClientRecord(client.client, client.addresses),
        referral: referral
          ? {
              id: referral.referral.id,
              startDate: referral.referral.startDate,
              expiredDate: referral.referral.expiredDate,
              expiredDateByMonth: referral.referral.expiredDateByMonth,
              endDate: referral.referral.endDate,
              referrer: referral.referrer
                ? {
                    id: referral.referrer.id,
                    name: [referral.referrer.title, referral.referrer.firstName, referral.referrer.lastName]
                      .filter(Boolean)
                      .join(' '),
                    providerNumber: referral.referrer.providerNumber,
                  }
                : null,
              clinic: referral.clinic ? { id: referral.clinic.id, name: referral.clinic.name } : null,
            }
          : null,
        appointment: appointment
          ? {
              id: appointment.appointment.id,
              startDateTime: appointment.appointment.startDateTime.toISOString(),
              endDateTime: appointment.appointment.endDateTime.toISOString(),
              durationMinutes: appointment.appointment.durationMinutes,
              timezone: appointment.appointment.timezone,
              appointmentType: appointment.appointment.appointmentType,
              consultationType: appointment.appointment.consultationType,
              specialistName: `Dr ${appointment.specialist.firstName} ${appointment.specialist.lastName}`,
              siteName: appointment.site?.name ?? null,
              notes: appointment.appointment.notes,
              dialInMethod: appointment.appointment.dialInMethod,
              videoLink:
                appointment.appointment.zoomJoinUrl ??
                (appointment.appointment.dialInMethod === 'zoom' ? appointment.specialist.videoLink : null),
            }
          : null,
        site: site ?? null,
        caseManagerId: workflow.specialistId,
        snapformSubmitted: workflow.patientSnapformSubmitted,
        finNo: workflow.finNo,
        createdBy,
        bookedBy,
        pendingAppointment: pending?.requestedStart
          ? { startDateTime: pending.requestedStart.toISOString(), timezone: pending.timezone }
          : null,
        alerts: workflowAlerts({
          referralEndDate: workflow.referralEndDate,
          dateOfBirth: client.client.dateOfBirth,
          mobile: client.client.phoneMobile,
          messageFailed: emails.some((email) => email.status === 'failed'),
          today: dayAt(now, ALERT_DAY_ZONE),
        }),
        category: workflow.category,
        tasks: {
          appointment_t: {
            coordinator: workflow.bookingCoordinatorId,
            status: workflow.bookingStatus,
            notes: workflow.bookingNotes,
            urgent: workflow.bookingUrgent,
            biologics: workflow.biologics,
            interpreter: workflow.interpreter,
            name_referral: workflow.nameReferral,
            weeks_to_appointment: workflow.weeksToAppointment,
            is_new_appointment: workflow.isNewAppointment,
            triage: workflow.triage,
            cont_or_tbc: workflow.contOrTbc,
            payment_consent: workflow.paymentConsent,
            statusLastUpdateAt: iso(workflow.bookingStatusUpdatedAt),
          },
          pre_consult_t: {
            coordinator: workflow.resultsCoordinatorId,
            status: workflow.resultsStatus,
            notes: workflow.resultsNotes,
            urgent: workflow.resultsUrgent,
            inspections: workflow.resultsInspections,
          },
          letter_t: {
            coordinator: workflow.adminCheckCoordinatorId,
            status: workflow.adminCheckStatus,
            notes: workflow.adminCheckNotes,
            urgent: workflow.adminCheckUrgent,
          },
          gp_report_t: {
            status: workflow.gpReportStatus ?? (workflow.gpReportDocumentId ? null : 'NC'),
            is_nurse_check: workflow.gpReportIsNurseCheck,
          },
        },
        smsDots: smsDots(steps, now),
        smsReplies: Object.fromEntries(
          Object.entries(steps).flatMap(([step, entry]) => (entry?.reply ? [[step, entry.reply]] : [])),
        ),
        voiceCallDot: ivrState ? voiceCallDot(ivrState) : null,
        ivr: ivrState,
        logs: {
          appointmentSms: sms
            .filter((m) => m.kind === 'sequence' && m.direction === 'outbound' && m.status !== 'cancelled')
            .map((m) => ({
              id: m.id,
              step: m.step,
              text: m.body,
              sentAt: iso(m.sentAt),
              plannedAt: iso(m.plannedAt),
              status: m.status,
              lastError: m.lastError,
            })),
          manualSms: sms
            .filter((m) => m.kind === 'manual' || m.direction === 'inbound')
            .map((m) => ({
              id: m.id,
              text: m.body,
              at: (m.sentAt ?? m.createdAt).toISOString(),
              fromPatient: m.fromPatient || m.direction === 'inbound',
              name: m.senderName,
            })),
          notifications: notes.map((n) => ({
            id: n.id,
            type: n.type,
            templateId: n.templateId,
            createdAt: n.createdAt.toISOString(),
            delivered: n.delivered,
            deliveredAt: iso(n.deliveredAt),
          })),
        },
        emails: emails.map((e) => ({
          id: e.id,
          to: e.toAddress,
          subject: e.subject,
          status: e.status,
          at: (e.sentAt ?? e.createdAt).toISOString(),
        })),
        todos: todoRows.map(({ todo, assigneeFirst, assigneeLast }) => ({
          id: todo.id,
          description: todo.description,
          urgency: todo.urgency,
          status: todo.status,
          dueDate: todo.dueDate,
          assignedTo: todo.assignedTo,
          assignedToName: assigneeFirst ? `${assigneeFirst} ${assigneeLast}` : null,
        })),
        activities: activities.map((a) => ({
          id: a.id,
          name: a.name,
          createTime: a.createdAt.toISOString(),
          postponeWeeks: a.postponeWeeks,
          reason: a.reason,
        })),
        documents,
      };
    },

    /** Other workflows of the same client (first name, last name and date of birth). */
    async history(auth: AuthContext, origin: RequestOrigin, id: string) {
      const workflow = await load(id);
      const now = clock.now();
      const rows = await attachCoordinatorNames(
        db,
        (await selectSameClientWorkflows(db, workflow)).filter((w) => w.id !== id),
      );
      await recordAudit(db, {
        action: 'workflow.history.viewed',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        entityType: 'workflow',
        entityId: id,
        ipAddress: origin.ipAddress,
        details: { clientId: workflow.clientId, rows: rows.length },
      });
      return { rows: rows.map((row) => toWorkflowRow(row, now)) };
    },
  };
}

export type WorkflowDetailService = ReturnType<typeof createWorkflowDetailService>;
