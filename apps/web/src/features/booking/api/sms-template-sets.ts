import { queryOptions, useQuery } from '@tanstack/react-query';
import { SmsTemplateSetListResponseSchema, type SmsTemplateSetOption } from '@telecare/contracts/templates';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/templates/sms-template-sets: the sets a booking can send its SMS from, by name.
 * A failure gives an empty list (the spec swallows failed template loads).
 */
export async function listSmsTemplateSets(signal?: AbortSignal): Promise<SmsTemplateSetOption[]> {
  try {
    return (
      await apiRequest('/api/templates/sms-template-sets', {
        schema: SmsTemplateSetListResponseSchema,
        signal,
      })
    ).sets;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export function smsTemplateSetsQueryOptions() {
  return queryOptions({
    queryKey: ['templates', 'sms-template-sets'] as const,
    queryFn: ({ signal }) => listSmsTemplateSets(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSmsTemplateSets() {
  return useQuery(smsTemplateSetsQueryOptions());
}
