import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApproveAppointmentRequest,
  ApproveAppointmentResponseSchema,
} from '@telecare/contracts/appointment-requests';
import { apiRequest } from '../../../lib/api-client';

/** Every workflow query (lists, detail, and the appointment requests) starts with this key. */
const WORKFLOWS_QUERY_KEY = ['workflows'] as const;

/**
 * POST /api/admin/coreplus/approve-appointment {id, appointment, selectedSMSTemplateSetId}: books the
 * request's appointment. 409 'The time is not available.'; 400 with fieldErrors such as
 * 'selectedSMSTemplateSetId' or 'appointment.startDateTime'. `stillListed` says whether the request
 * stays in the list (its booking status is the pending value).
 */
export function approveAppointment(body: ApproveAppointmentRequest) {
  return apiRequest('/api/admin/coreplus/approve-appointment', {
    method: 'POST',
    body,
    schema: ApproveAppointmentResponseSchema,
  });
}

export function useApproveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY }),
  });
}
