import {
  type AppointmentRequestListResponse,
  type ApproveAppointmentRequestSchema,
  type ApproveAppointmentResponse,
  BOOKING_MESSAGES,
} from '@telecare/contracts/appointment-requests';
import { ErrorCode } from '@telecare/contracts/errors';
import { approvalRefusal, isListedRequest } from '@telecare/domain/appointment-requests';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { PracticeManagementFactory } from '../../integrations/practice-management/practice-management.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, recordListReadAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { findLiveWorkflow } from '../booking/booking.queries.ts';
import {
  linkWorkflowToAppointment,
  requireActiveSpecialist,
  requireBookingSite,
  requireNotInPast,
  requireReferralNotExpired,
  requireSmsTemplateSet,
  runBookingChecks,
} from '../booking/booking-rules.ts';
import {
  type AppointmentRequestListQuery,
  countAppointmentRequests,
  lockAppointmentRequest,
  markRequestApproved,
  selectAppointmentRequestPage,
} from './appointment-requests.queries.ts';

type Approve = z.output<typeof ApproveAppointmentRequestSchema>;

const B = BOOKING_MESSAGES;

export function createAppointmentRequestService(deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  practiceManagement: PracticeManagementFactory;
}) {
  const { db, clock, changes, practiceManagement } = deps;

  return {
    /** A page of the requests table; a page past the end is clamped to the last page. */
    async list(
      auth: AuthContext,
      origin: RequestOrigin,
      query: AppointmentRequestListQuery,
    ): Promise<AppointmentRequestListResponse> {
      const total = await countAppointmentRequests(db, query);
      const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
      const page = Math.min(query.page, lastPage);
      const rows =
        total === 0 ? [] : await selectAppointmentRequestPage(db, query, (page - 1) * query.pageSize);
      // Which patients' requests were shown, by id; filter texts may hold names, so only their columns.
      await recordListReadAudit(db, {
        action: 'appointment-request.list.viewed',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        entityType: 'appointment-request-list',
        ipAddress: origin.ipAddress,
        details: {
          page,
          requestIds: rows.map((row) => row.id),
          filteredColumns: Object.entries(query.filters)
            .filter(([, value]) => value)
            .map(([column]) => column),
        },
      });
      return {
        rows: rows.map((row) => ({
          id: row.id,
          workflowId: row.workflowId,
          clientId: row.clientId,
          client: { firstName: row.firstName, lastName: row.lastName, dateOfBirth: row.dateOfBirth },
          creationTime: row.createdAt.toISOString(),
          referrer: row.referrer,
          caseManager: row.caseManager,
          speciality: row.speciality,
          clinic: row.clinic,
          appointment: { startDateTime: row.requestedStart?.toISOString() ?? null, timezone: row.timezone },
          specialistId: row.specialistId,
          bookings: row.bookings,
          results: row.results,
          notes: row.notes,
          bookingStatus: row.bookingStatus,
          approvedAt: row.approvedAt?.toISOString() ?? null,
          bookedAppointment: row.workflowAppointmentId
            ? {
                startDateTime: row.workflowAppointmentStart?.toISOString() ?? null,
                timezone: row.workflowAppointmentTimezone,
              }
            : null,
          siteId: row.siteId,
          referralEndDate: row.referralEndDate,
          isNewAppointment: row.isNewAppointment,
        })),
        page,
        pageSize: query.pageSize,
        total,
      };
    },

    /**
     * Books the requested appointment through the practice-management system, links it to the
     * workflow (booked), and marks the request approved, in one transaction.
     */
    async approve(
      actor: AuthContext,
      origin: RequestOrigin,
      input: Approve,
    ): Promise<ApproveAppointmentResponse> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const request = await lockAppointmentRequest(tx, input.id);
        if (!request) throw new AppError(ErrorCode.notFound, 'This appointment request does not exist.');
        // Locked: a booking or another approval of the same workflow waits for this one.
        const workflow = request.workflowId
          ? await findLiveWorkflow(tx, request.workflowId, { lock: true })
          : undefined;
        const refusal = approvalRefusal({
          approved: request.approvedAt !== null,
          hasWorkflow: workflow !== undefined,
          hasBookedAppointment: Boolean(workflow?.appointmentId),
        });
        if (refusal === 'alreadyApproved') throw new AppError(ErrorCode.alreadyApproved, B.alreadyApproved);
        if (refusal === 'alreadyBooked') throw new AppError(ErrorCode.alreadyBooked, B.requestAlreadyBooked);
        if (!workflow) throw new AppError(ErrorCode.notFound, B.noSuchWorkflow);

        // The booking checks in the shared order; the request schema has checked the duration and type.
        const { appointment } = input;
        const now = clock.now();
        const start = new Date(appointment.startDateTime);
        const field = 'appointment.startDateTime';
        const {
          smsTemplateSet: smsTemplateSetId,
          practitioner: specialist,
          site,
        } = await runBookingChecks({
          smsTemplateSet: () =>
            requireSmsTemplateSet(tx, input.selectedSMSTemplateSetId, 'selectedSMSTemplateSetId'),
          referralNotExpired: () =>
            requireReferralNotExpired(workflow.referralEndDate, now, appointment.timezone, field),
          notInPast: () => requireNotInPast(start, now, field),
          practitioner: () =>
            requireActiveSpecialist(tx, appointment.specialistId, 'appointment.specialistId'),
          site: () =>
            requireBookingSite(tx, appointment.appointmentType, appointment.siteId ?? workflow.siteId),
        });

        const result = await practiceManagement(tx).createAppointment({
          clientId: request.clientId,
          workflowId: workflow.id,
          specialistId: specialist.id,
          siteId: site.id,
          startDateTime: start,
          durationMinutes: appointment.durationMinutes,
          timezone: appointment.timezone,
          appointmentType: appointment.appointmentType,
          consultationType: appointment.consultationType,
          dialInMethod: appointment.dialInMethod ?? null,
          notes: appointment.notes ?? null,
          smsTemplateSetId,
          bookedBy: actor.user.uid,
        });
        if (result.status === 'conflict') throw new AppError(ErrorCode.conflict, B.timeNotAvailable);
        const booked = result.appointment;

        await linkWorkflowToAppointment(tx, {
          workflow,
          booked,
          specialist,
          site,
          consultationType: appointment.consultationType,
          now,
          contOrTbc: appointment.contOrTbc,
        });
        await markRequestApproved(tx, request.id, now, actor.user.uid);
        await recordAudit(tx, {
          action: 'appointment-request.approved',
          actorUserId: actor.user.uid,
          actorRole: actor.user.role,
          entityType: 'appointment_request',
          entityId: request.id,
          ipAddress: origin.ipAddress,
          details: { workflowId: workflow.id, appointmentId: booked.appointmentId },
        });
        await changes.publish(tx, { type: 'workflow.changed', ids: [workflow.id] });
        return {
          requestId: request.id,
          workflowId: workflow.id,
          appointment: {
            id: booked.appointmentId,
            specialistId: booked.specialistId,
            startDateTime: booked.startDateTime.toISOString(),
            endDateTime: booked.endDateTime.toISOString(),
            durationMinutes: booked.durationMinutes,
            timezone: booked.timezone,
          },
          stillListed: isListedRequest({ approvedAt: now, bookingStatus: request.bookingStatus }),
        };
      });
    },
  };
}

export type AppointmentRequestService = ReturnType<typeof createAppointmentRequestService>;
