import { useQuery } from '@tanstack/react-query';
import { ClinicOptionSchema, ReferrerOptionSchema, SpecialistOptionSchema } from '@telecare/contracts/users';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Choices for the user form: the GP's referrer, the clinic admin's clinic, the specialist. */

export type ReferrerOption = z.infer<typeof ReferrerOptionSchema>;
export type ClinicOption = z.infer<typeof ClinicOptionSchema>;
export type SpecialistOption = z.infer<typeof SpecialistOptionSchema>;

const ReferrersSchema = z.object({ referrers: z.array(ReferrerOptionSchema) });
const ClinicsSchema = z.object({ clinics: z.array(ClinicOptionSchema) });
const SpecialistsSchema = z.object({ specialists: z.array(SpecialistOptionSchema) });

/** Practice-management lists change rarely. */
const LOOKUP_STALE_MS = 5 * 60_000;

export function useReferrerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['coreplus', 'referrers'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/coreplus/referrers', { schema: ReferrersSchema, signal })).referrers,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

export function useClinicOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['coreplus', 'clinics'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/coreplus/clinics', { schema: ClinicsSchema, signal })).clinics,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

export function useSpecialistOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['specialists', 'options'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/specialists', { schema: SpecialistsSchema, signal })).specialists,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/** 'Dr First Last (providerNumber)' */
export function referrerLabel(referrer: ReferrerOption): string {
  const name = [referrer.title, referrer.firstName, referrer.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return referrer.providerNumber ? `${name} (${referrer.providerNumber})` : name;
}

export function specialistLabel(specialist: SpecialistOption): string {
  return `${specialist.firstName} ${specialist.lastName}`.trim();
}

/** Initials as a default short name, e.g. 'Jane Citizen' -> 'JC'. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName].map((part) => part.trim().charAt(0).toUpperCase()).join('');
}
