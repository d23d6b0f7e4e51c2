import {
  type AppointmentRequestListResponse,
  type ApproveAppointmentRequestSchema,
  type ApproveAppointmentResponse,
  BOOKING_MESSAGES,
} from '@telecare/contracts/appointment-requests';
import { ErrorCode } from '@telecare/contracts/errors';
import { approvalRefusal, isListedRequest } from '@telecare/domain/appointment-requests';
import { dayAt } from '@telecare/domain/calendar';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, createChangeWriter } from '../../lib/write-change.ts';
import { recordListReadAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import type { BookingService } from '../booking/booking.service.ts';
import { findLiveWorkflow } from '../workflows/workflows.queries.ts';
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
  booking: BookingService;
}) {
  const { db, clock, changes, booking } = deps;
  const write = createChangeWriter({ db, changes });

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
     * Books the requested appointment with the booking service's own booking (the same checks, in
     * the same order, as the booking form), and marks the request approved, in one transaction.
     */
    async approve(
      actor: AuthContext,
      origin: RequestOrigin,
      input: Approve,
    ): Promise<ApproveAppointmentResponse> {
      return write(async (tx) => {
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

        const { appointment } = input;
        const start = new Date(appointment.startDateTime);
        const { booked, closing } = await booking.bookAppointment(tx, actor, workflow.id, {
          ...appointment,
          date: dayAt(start, appointment.timezone),
          start,
          siteId: appointment.siteId ?? workflow.siteId,
          smsTemplateSetId: input.selectedSMSTemplateSetId,
          timeField: 'appointment.startDateTime',
        });
        const now = clock.now();
        await markRequestApproved(tx, request.id, now, actor.user.uid);
        const result = {
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
        return {
          result,
          closingWrites: closing,
          audit: [
            {
              action: 'appointment-request.approved',
              ...auditedBy(actor, origin),
              entityType: 'appointment_request',
              entityId: request.id,
              details: { workflowId: workflow.id, appointmentId: booked.appointmentId },
            },
          ],
          events: [
            { type: 'workflow.changed' as const, ids: [workflow.id] },
            { type: 'schedule.changed' as const, ids: [booked.specialistId] },
          ],
        };
      });
    },
  };
}

export type AppointmentRequestService = ReturnType<typeof createAppointmentRequestService>;
