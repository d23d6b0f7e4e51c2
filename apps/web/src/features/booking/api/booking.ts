import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApproveAppointmentRequest,
  ApproveAppointmentResponseSchema,
} from '@telecare/contracts/appointment-requests';
import {
  AvailabilitySlotResponseSchema,
  type AvailableDateSchema,
  type BOOKING_FORM_APPOINTMENT_TYPES,
  BookingResponseSchema,
  type CancelBookingRequest,
  CancelBookingResponseSchema,
  type CreateBookingRequest,
  type RescheduleBookingRequest,
} from '@telecare/contracts/booking';
import type { z } from 'zod';
import { useActionBanner } from '../../../components/ui/action-banner';
import { apiRequest } from '../../../lib/api-client';

/** The booking endpoints (practice-management appointments of a workflow); shapes from the contract. */

export type AvailabilityDay = z.infer<typeof AvailableDateSchema>;
export type AvailabilitySlot = AvailabilityDay['slots'][number];
export type AppointmentType = (typeof BOOKING_FORM_APPOINTMENT_TYPES)[number];
export type ConsultationType = 'NEW' | 'REVIEW';

const APPOINTMENT_PATH = '/api/admin/coreplus/appointment';

/** Free slots change as others book: kept fresh for a short while only. */
const AVAILABILITY_STALE_MS = 30_000;

/** GET /api/admin/coreplus/availability-slot?specialistId=&month=YYYYMM: the free slots of a month. */
export function useAvailability(specialistId: string | null, month: string) {
  return useQuery({
    queryKey: ['booking', 'availability', specialistId, month],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/admin/coreplus/availability-slot?${new URLSearchParams({ specialistId: specialistId ?? '', month })}`,
          { schema: AvailabilitySlotResponseSchema, signal },
        )
      ).dates,
    enabled: specialistId !== null,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

/** Every workflow query (list, detail, history, appointment requests) starts with this key. */
const WORKFLOWS_QUERY_KEY = ['workflows'] as const;

/**
 * A booking action: reports 'action completed' or 'action failed' in the screen's banner. The report
 * belongs to the mutation, not to the modal: a booking can take its row (on a list filtered or sorted
 * by Bookings or APT Date), and the modal with it, off the screen before the modal would hear of it.
 */
function useBookingMutation<V>(action: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const banner = useActionBanner();
  return useMutation({
    mutationFn: action,
    onSuccess: () => banner.completed(),
    onError: (error) => banner.failed(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['booking'] }),
      ]),
  });
}

/** POST /api/admin/coreplus/appointment: books the workflow's appointment. */
export function useCreateAppointment() {
  return useBookingMutation((body: CreateBookingRequest) =>
    apiRequest(APPOINTMENT_PATH, { method: 'POST', body, schema: BookingResponseSchema }),
  );
}

/** PATCH /api/admin/coreplus/appointment: moves the workflow's appointment. */
export function useRescheduleAppointment() {
  return useBookingMutation((body: RescheduleBookingRequest) =>
    apiRequest(APPOINTMENT_PATH, { method: 'PATCH', body, schema: BookingResponseSchema }),
  );
}

/** DELETE /api/admin/coreplus/appointment: cancels the workflow's appointment. */
export function useCancelAppointment() {
  return useBookingMutation((body: CancelBookingRequest) =>
    apiRequest(APPOINTMENT_PATH, { method: 'DELETE', body, schema: CancelBookingResponseSchema }),
  );
}

/**
 * POST /api/admin/coreplus/approve-appointment: books an appointment request's appointment. The
 * answer's `stillListed` says whether the request stays in the list (its booking status is pending).
 */
export function useApproveAppointment() {
  return useBookingMutation((body: ApproveAppointmentRequest) =>
    apiRequest('/api/admin/coreplus/approve-appointment', {
      method: 'POST',
      body,
      schema: ApproveAppointmentResponseSchema,
    }),
  );
}
