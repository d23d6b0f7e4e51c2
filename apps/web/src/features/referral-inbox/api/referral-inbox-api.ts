import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReferrerLocationResponseSchema } from '@telecare/contracts/clients';
import {
  ClinicSearchResponseSchema,
  CreatedWorkflowSchema,
  IncomingReferralIdSchema,
  RawReferralDraftResponseSchema,
  RawReferralFileSchema,
  RawReferralListResponseSchema,
  type ReferralDraft,
  ReferrerSearchResponseSchema,
} from '@telecare/contracts/referral-inbox';
import {
  ApiError,
  apiRequest,
  LONG_REQUEST_TIMEOUT_MS,
  TIMEOUT_ERROR,
  TIMEOUT_MESSAGE,
} from '../../../lib/api-client';

/** 'referral-inbox' is the root the change feed's 'referrals.changed' makes stale. */
export const referralInboxKey = ['referral-inbox'] as const;

/** GET /api/admin/incoming-referrals/raw (speciality names only in the query: no patient data). */
export function useRawReferrals(specialities: string[], page: number, pageSize: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const name of specialities) query.append('speciality', name);
  return useQuery({
    queryKey: [...referralInboxKey, 'list', specialities, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/incoming-referrals/raw?${query}`, {
        schema: RawReferralListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReferralDraft(fileId: string | null) {
  return useQuery({
    queryKey: [...referralInboxKey, 'draft', fileId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/incoming-referrals/raw/${fileId}/draft`, {
        schema: RawReferralDraftResponseSchema,
        signal,
      }),
    enabled: Boolean(fileId),
    refetchInterval: (query) => (query.state.data?.file.extractionStatus === 'pending' ? 1500 : false),
  });
}

export const fileContentUrl = (fileId: string) => `/api/admin/incoming-referrals/file/${fileId}/content`;

/**
 * POST /api/admin/incoming-referrals/raw with progress (AA §7: 50, 75, 90, 100): 50 once the bytes
 * are sent, 75 when the server has checked and stored them, 90 when listed, 100 when done.
 */
export function uploadReferral(file: File, speciality: string, onProgress: (percent: number) => void) {
  return new Promise<ReturnType<typeof RawReferralFileSchema.parse>>((resolve, reject) => {
    const form = new FormData();
    form.append('speciality', speciality);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/incoming-referrals/raw');
    xhr.upload.onload = () => onProgress(50);
    xhr.onload = () => {
      let body: { message?: string; code?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status !== 200) {
        reject(new ApiError(xhr.status, body.code ?? 'UPLOAD_FAILED', body.message ?? 'The upload failed.'));
        return;
      }
      onProgress(75);
      resolve(RawReferralFileSchema.parse(body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server.'));
    // Uploads get the long timeout of AA §7, not the shared 60 s.
    xhr.timeout = LONG_REQUEST_TIMEOUT_MS;
    xhr.ontimeout = () => reject(new ApiError(0, TIMEOUT_ERROR, TIMEOUT_MESSAGE));
    xhr.send(form);
  });
}

export const deleteRawReferral = (id: string) =>
  apiRequest(`/api/admin/incoming-referrals/raw/${id}`, { method: 'DELETE' });

export const saveIncomingReferral = (referral: ReferralDraft) =>
  apiRequest('/api/admin/incoming-referrals', {
    method: 'POST',
    body: { referral },
    schema: IncomingReferralIdSchema,
  });

export const createReferralWorkflow = (incomingReferralId: string) =>
  apiRequest('/api/admin/incoming-referrals/workflow', {
    method: 'POST',
    body: { incomingReferralId },
    schema: CreatedWorkflowSchema,
  });

export const saveRReferral = (referral: ReferralDraft) =>
  apiRequest('/api/admin/incoming-referrals/r', {
    method: 'POST',
    body: { referral },
    schema: IncomingReferralIdSchema,
  });

export const createRWorkflow = (incomingReferralRId: string) =>
  apiRequest('/api/admin/incoming-referrals/workflow/r', {
    method: 'POST',
    body: { incomingReferralRId },
    schema: CreatedWorkflowSchema,
  });

/** Practice-management lookups change rarely. */
const LOOKUP_STALE_MS = 60_000;

/** GET /api/admin/coreplus/clinic?search=: up to 20 clinics with every field. */
export function useClinicSearch(search: string) {
  return useQuery({
    queryKey: ['coreplus', 'clinic-search', search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/admin/coreplus/clinic?${new URLSearchParams({ search })}`, {
          schema: ClinicSearchResponseSchema,
          signal,
        })
      ).clinics,
    placeholderData: keepPreviousData,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /api/admin/coreplus/referrer?search=[&clinicId=]: up to 20 referrers (at the clinic, when chosen). */
export function useReferrerSearch(search: string, clinicId: string | null) {
  return useQuery({
    queryKey: ['coreplus', 'referrer-search', search, clinicId],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ search });
      if (clinicId) query.set('clinicId', clinicId);
      return (
        await apiRequest(`/api/admin/coreplus/referrer?${query}`, {
          schema: ReferrerSearchResponseSchema,
          signal,
        })
      ).referrers;
    },
    placeholderData: keepPreviousData,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * GET /api/admin/coreplus/referrer-location?referrerId&clinicId: the provider number of the pair
 * (K8); a failure leaves it undefined, as the spec says.
 */
export function useReferrerLocationNumber(referrerId: string | null, clinicId: string | null) {
  return useQuery({
    queryKey: ['coreplus', 'referrer-location', referrerId, clinicId],
    queryFn: async ({ signal }) => {
      try {
        const params = new URLSearchParams({ referrerId: referrerId ?? '', clinicId: clinicId ?? '' });
        const answer = await apiRequest(`/api/admin/coreplus/referrer-location?${params}`, {
          schema: ReferrerLocationResponseSchema,
          signal,
        });
        return answer.referrerLocations[0]?.providerNumber ?? null;
      } catch {
        return null;
      }
    },
    enabled: Boolean(referrerId && clinicId),
    staleTime: LOOKUP_STALE_MS,
  });
}
