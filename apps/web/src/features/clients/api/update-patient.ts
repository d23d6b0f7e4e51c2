import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClientResponseSchema,
  ReferralSummarySchema,
  type UpdatePatientRequest,
  type UpdateReferralDateRequest,
  type UpdateReferralRequest,
} from '@telecare/contracts/clients';
import { useActionBanner } from '../../../components/ui/action-banner';
import { apiRequest } from '../../../lib/api-client';
import { clientsQueryKey } from './client-practitioner';

/** Every workflow query (list, detail, history) starts with this key. */
const WORKFLOWS_QUERY_KEY = ['workflows'] as const;

/**
 * PATCH /api/admin/coreplus/patient {id, clientId, client}: the client through the practice-management
 * system, and the edited workflow's category (and case manager). 400 fieldErrors are keyed like
 * 'client.dateOfBirth'.
 */
export function updatePatient(body: UpdatePatientRequest) {
  return apiRequest('/api/admin/coreplus/patient', { method: 'PATCH', body, schema: ClientResponseSchema });
}

/**
 * PATCH /api/admin/coreplus/referral {id, referralId, referralDate, clinic, referrer}: referralId null
 * creates the workflow's referral; an id updates its referrer and clinic too. fieldErrors like
 * 'referralDate.expiredDate', 'clinic.id', 'referrer.id'.
 */
export function updateReferral(body: UpdateReferralRequest) {
  return apiRequest('/api/admin/coreplus/referral', { method: 'PATCH', body, schema: ReferralSummarySchema });
}

/** PATCH /api/admin/coreplus/referral-date {id, referralId, referralDate}: the workflow's referral dates. */
export function updateReferralDate(body: UpdateReferralDateRequest) {
  return apiRequest('/api/admin/coreplus/referral-date', {
    method: 'PATCH',
    body,
    schema: ReferralSummarySchema,
  });
}

export type ReferralSave =
  | { kind: 'referral'; body: UpdateReferralRequest }
  | { kind: 'referral-date'; body: UpdateReferralDateRequest };

export interface EditClientSave {
  patient: UpdatePatientRequest;
  /** Only when the referral section changed. */
  referral?: ReferralSave | undefined;
}

/**
 * Saves the client, then (when it changed) the referral; the workflow and client queries go stale
 * either way. Reports 'action completed' / 'action failed' in the screen's banner from the mutation:
 * a save can take its row (on a list filtered or sorted by the client), and the modal with it, off
 * the screen before the modal would hear of it.
 */
export function useEditClient() {
  const queryClient = useQueryClient();
  const banner = useActionBanner();
  return useMutation({
    mutationFn: async ({ patient, referral }: EditClientSave) => {
      await updatePatient(patient);
      if (referral?.kind === 'referral') await updateReferral(referral.body);
      else if (referral?.kind === 'referral-date') await updateReferralDate(referral.body);
    },
    onSuccess: () => banner.completed(),
    onError: (error) => banner.failed(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
      ]),
  });
}
