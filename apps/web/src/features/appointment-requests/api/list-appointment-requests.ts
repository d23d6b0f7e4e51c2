import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AppointmentRequestListRequest,
  AppointmentRequestListResponseSchema,
} from '@telecare/contracts/appointment-requests';
import { apiRequest } from '../../../lib/api-client';

/**
 * The key starts with 'workflows': the rows carry workflow data (Bookings, Results, Notes), so the
 * change feed's 'workflow.changed' and every workflow action refresh this list too.
 */
export const appointmentRequestsQueryKey = ['workflows', 'appointment-requests'] as const;

/**
 * POST /api/admin/appointment-requests/list: a page of the requests not yet approved (a pending one
 * stays after approval). A POST: the filters can hold patient names.
 */
export function listAppointmentRequests(request: AppointmentRequestListRequest, signal?: AbortSignal) {
  return apiRequest('/api/admin/appointment-requests/list', {
    method: 'POST',
    body: request,
    schema: AppointmentRequestListResponseSchema,
    signal,
  });
}

export function listAppointmentRequestsQueryOptions(request: AppointmentRequestListRequest) {
  return queryOptions({
    queryKey: [...appointmentRequestsQueryKey, 'list', request] as const,
    queryFn: ({ signal }) => listAppointmentRequests(request, signal),
  });
}

export function useListAppointmentRequests(request: AppointmentRequestListRequest) {
  return useQuery({ ...listAppointmentRequestsQueryOptions(request), placeholderData: keepPreviousData });
}
