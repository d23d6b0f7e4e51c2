import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AvailableDatesQuery,
  AvailableDatesSchema,
  type ProfileRequest,
  ProfileSchema,
  type ScheduleDescription,
  ScheduleDescriptionSchema,
  SpecialitiesWithProfilesSchema,
  SpecialityListSchema,
  type SpecialityRequest,
  SpecialitySchema,
} from '@telecare/contracts/specialists';
import { apiRequest } from '../../../lib/api-client';

/**
 * The Specialists page, specialities and practitioner profiles. Every key starts with 'specialists':
 * the change feed marks them stale when a speciality, a profile, a schedule or a booking changes.
 */
const ROOT = 'specialists';
const SPECIALITY_PATH = '/api/admin/specialists/speciality';

/** GET /api/admin/specialists/specialities: specialities A-Z with their specialists' cards. */
export function specialitiesWithProfilesQuery() {
  return queryOptions({
    queryKey: [ROOT, 'page'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/specialists/specialities', { schema: SpecialitiesWithProfilesSchema, signal }),
  });
}
export const useSpecialitiesWithProfiles = () => useQuery(specialitiesWithProfilesQuery());

/** GET /api/admin/specialists/available-dates: the month's open dates of a speciality's specialists. */
export function useAvailableDates(query: AvailableDatesQuery | null) {
  return useQuery({
    queryKey: [ROOT, 'available-dates', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/specialists/available-dates?${new URLSearchParams(query ?? {})}`, {
        schema: AvailableDatesSchema,
        signal,
      }),
    enabled: query !== null,
    // Free dates change as others book; the change feed refreshes them too.
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/admin/specialists/speciality */
export function useSpecialities() {
  return useQuery({
    queryKey: [ROOT, 'specialities'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(SPECIALITY_PATH, { schema: SpecialityListSchema, signal })).specialities,
  });
}

function useSpecialistsMutation<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

export const useCreateSpeciality = () =>
  useSpecialistsMutation((body: SpecialityRequest) =>
    apiRequest(SPECIALITY_PATH, { method: 'POST', body, schema: SpecialitySchema }),
  );

export const useUpdateSpeciality = () =>
  useSpecialistsMutation(({ id, ...body }: SpecialityRequest & { id: string }) =>
    apiRequest(`${SPECIALITY_PATH}/${id}`, { method: 'PUT', body, schema: SpecialitySchema }),
  );

export const useDeleteSpeciality = () =>
  useSpecialistsMutation((id: string) => apiRequest(`${SPECIALITY_PATH}/${id}`, { method: 'DELETE' }));

/** GET /api/admin/specialists/{id}/profile */
export function useProfile(id: string | null) {
  return useQuery({
    queryKey: [ROOT, 'profile', id] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/specialists/${id}/profile`, { schema: ProfileSchema, signal }),
    enabled: id !== null,
  });
}

export const useUpdateProfile = () =>
  useSpecialistsMutation(({ id, ...body }: ProfileRequest & { id: string }) =>
    apiRequest(`/api/admin/specialists/${id}/profile`, { method: 'PUT', body, schema: ProfileSchema }),
  );

/** GET /api/admin/specialists/{id}/schedule-description */
export function useScheduleDescription(id: string | null) {
  return useQuery({
    queryKey: [ROOT, 'schedule-description', id] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/specialists/${id}/schedule-description`, {
        schema: ScheduleDescriptionSchema,
        signal,
      }),
    enabled: id !== null,
  });
}

export const useUpdateScheduleDescription = () =>
  useSpecialistsMutation(({ id, ...body }: ScheduleDescription & { id: string }) =>
    apiRequest(`/api/admin/specialists/${id}/schedule-description`, {
      method: 'PUT',
      body,
      schema: ScheduleDescriptionSchema,
    }),
  );
