import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AvailableTimeResponseSchema,
  type CreateAvailableTimeRequest,
  CreateAvailableTimeResponseSchema,
  ScheduleOptionsResponseSchema,
  SyncSpecialistsResponseSchema,
} from '@telecare/contracts/schedule';
import { apiRequest, LONG_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';

/** Every key starts with 'schedule' (the change feed's root for schedule.changed). */
export const scheduleQueryKey = ['schedule'] as const;
const URL = '/api/admin/specialists/available-time';

export function scheduleOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...scheduleQueryKey, 'options'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/specialists/schedule-options', {
        schema: ScheduleOptionsResponseSchema,
        signal,
      }),
  });
}
export const useScheduleOptions = () => useQuery(scheduleOptionsQueryOptions());

/** GET available-time: the raw availability of a month (YYYYMM). */
export function availableTimeQueryOptions(specialistId: string | null, month: string) {
  return queryOptions({
    queryKey: [...scheduleQueryKey, 'available-time', specialistId, month] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${URL}?${new URLSearchParams({ specialistId: specialistId ?? '', month })}`, {
        schema: AvailableTimeResponseSchema,
        signal,
      }),
    enabled: Boolean(specialistId),
  });
}
export const useAvailableTime = (specialistId: string | null, month: string) =>
  useQuery(availableTimeQueryOptions(specialistId, month));

function useScheduleMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['booking'] }),
      ]),
  });
}

export const useSaveSchedule = () =>
  useScheduleMutation((body: CreateAvailableTimeRequest) =>
    apiRequest(URL, { method: 'POST', body, schema: CreateAvailableTimeResponseSchema }),
  );

export const useDeleteAvailableDate = () =>
  useScheduleMutation(({ specialistId, date }: { specialistId: string; date: string }) =>
    apiRequest(`${URL}?${new URLSearchParams({ specialistId, date })}`, { method: 'DELETE' }),
  );

export const useSyncSpecialists = () =>
  useScheduleMutation(() =>
    // A sync pulls from the practice-management system: the long timeout of AA §7.
    apiRequest('/api/admin/specialists/sync', {
      schema: SyncSpecialistsResponseSchema,
      timeoutMs: LONG_REQUEST_TIMEOUT_MS,
    }),
  );
