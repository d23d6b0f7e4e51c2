/**
 * Appointment requests carry their own booking status. The spec names the order (first, second,
 * other, fourth) and a pending value without their texts; the values and labels are ours
 * (docs/domain.md).
 */
export const APPOINTMENT_REQUEST_PENDING = 'pending';

export const APPOINTMENT_REQUEST_STATUS_LABELS = {
  first: 'First',
  second: 'Second',
  other: 'Other',
  fourth: 'Fourth',
  pending: 'Pending',
} as const;
export type AppointmentRequestStatus = keyof typeof APPOINTMENT_REQUEST_STATUS_LABELS;

/** Default list order: first=1, second=2, other=3, fourth=4, then pending, then anything else. */
export const APPOINTMENT_REQUEST_STATUS_ORDER: Record<AppointmentRequestStatus, number> = {
  first: 1,
  second: 2,
  other: 3,
  fourth: 4,
  pending: 5,
};
export const UNKNOWN_REQUEST_STATUS_RANK = 6;

export function requestStatusRank(status: string): number {
  return (APPOINTMENT_REQUEST_STATUS_ORDER as Record<string, number>)[status] ?? UNKNOWN_REQUEST_STATUS_RANK;
}

/** On approval a request leaves the list, unless its booking status is the pending value. */
export function isListedRequest(request: { approvedAt: Date | null; bookingStatus: string }): boolean {
  return request.approvedAt === null || request.bookingStatus === APPOINTMENT_REQUEST_PENDING;
}

/** The default order of the list: by status rank, then the newest request first. */
export function compareRequests(
  a: { bookingStatus: string; createdAt: Date },
  b: { bookingStatus: string; createdAt: Date },
): number {
  const rank = requestStatusRank(a.bookingStatus) - requestStatusRank(b.bookingStatus);
  return rank !== 0 ? rank : b.createdAt.getTime() - a.createdAt.getTime();
}

/** Why a request can not be approved: approved already, it has no workflow, or its workflow is booked. */
export type ApprovalRefusal = 'alreadyApproved' | 'noWorkflow' | 'alreadyBooked';

/** Null when the request may be approved; otherwise the first reason it may not, in that order. */
export function approvalRefusal(request: {
  approved: boolean;
  hasWorkflow: boolean;
  hasBookedAppointment: boolean;
}): ApprovalRefusal | null {
  if (request.approved) return 'alreadyApproved';
  if (!request.hasWorkflow) return 'noWorkflow';
  if (request.hasBookedAppointment) return 'alreadyBooked';
  return null;
}
