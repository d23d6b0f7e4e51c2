import { useQuery } from '@tanstack/react-query';
import {
  ClinicOptionSchema,
  ReferrerOptionSchema,
  SiteOptionSchema,
  SpecialistOptionSchema,
} from '@telecare/contracts/users';
import { z } from 'zod';
import { apiRequest } from './api-client';

/** Pick lists shared by several forms: referrers, clinics and specialists (case managers). */

export type ReferrerOption = z.infer<typeof ReferrerOptionSchema>;
export type ClinicOption = z.infer<typeof ClinicOptionSchema>;
export type SpecialistOption = z.infer<typeof SpecialistOptionSchema>;
export type SiteOption = z.infer<typeof SiteOptionSchema>;

const ReferrersSchema = z.object({ referrers: z.array(ReferrerOptionSchema) });
const ClinicsSchema = z.object({ clinics: z.array(ClinicOptionSchema) });
const SpecialistsSchema = z.object({ specialists: z.array(SpecialistOptionSchema) });
const SitesSchema = z.object({ sites: z.array(SiteOptionSchema) });

/** Practice-management lists change rarely. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** GET /api/admin/coreplus/referrers */
export function useReferrerOptions(enabled = true) {
  return useQuery({
    queryKey: ['coreplus', 'referrers'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/coreplus/referrers', { schema: ReferrersSchema, signal })).referrers,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/** GET /api/admin/coreplus/clinics */
export function useClinicOptions(enabled = true) {
  return useQuery({
    queryKey: ['coreplus', 'clinics'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/coreplus/clinics', { schema: ClinicsSchema, signal })).clinics,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/** GET /api/admin/specialists: the active specialists. */
export function useSpecialistOptions(enabled = true) {
  return useQuery({
    queryKey: ['specialists', 'options'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/specialists', { schema: SpecialistsSchema, signal })).specialists,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/** GET /api/admin/sites: Own Device, Mackay Base Hospital, then the rest (never Anywhere Healthcare). */
export function useSiteOptions(enabled = true) {
  return useQuery({
    queryKey: ['sites', 'options'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/sites', { schema: SitesSchema, signal })).sites,
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
