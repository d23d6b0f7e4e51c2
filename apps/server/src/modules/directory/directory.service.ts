import {
  type ClinicMatch,
  DIRECTORY_SEARCH_LIMIT,
  type ReferrerMatch,
} from '@telecare/contracts/referral-inbox';
import type { Db } from '../../db/database.ts';
import type {
  PmClinic,
  PmReferrer,
  PracticeManagementFactory,
} from '../../integrations/practice-management/practice-management.ts';
import {
  selectClinicOptions,
  selectReferrerOptions,
  selectSiteOptions,
  selectSpecialistOptions,
} from './directory.queries.ts';

const toClinicMatch = (c: PmClinic): ClinicMatch => ({
  id: c.clinicId,
  name: c.name,
  street: c.street ?? '',
  suburb: c.suburb ?? '',
  postcode: c.postcode ?? '',
  state: c.state ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  fax: c.fax ?? '',
});

const toReferrerMatch = (r: PmReferrer): ReferrerMatch => ({
  id: r.referrerId,
  title: r.title ?? '',
  firstName: r.firstName,
  lastName: r.lastName,
  providerNumber: r.providerNumber ?? '',
  phone: r.phone ?? '',
  mobile: r.mobile ?? '',
  email: r.email ?? '',
  fax: r.fax ?? '',
});

/**
 * The pick lists of the practice-management data we hold (referrers, clinics, specialists, sites),
 * and the spec's clinic and referrer lookups, which go through the practice-management adapter.
 */
export function createDirectoryService(db: Db, practiceManagement: PracticeManagementFactory) {
  return {
    async searchClinics(search: string) {
      const found = await practiceManagement(db).searchClinics(search, DIRECTORY_SEARCH_LIMIT);
      return { clinics: found.map(toClinicMatch) };
    },
    async searchReferrers(query: { search: string; clinicId?: string | undefined }) {
      const found = await practiceManagement(db).searchReferrers(query.search, {
        clinicId: query.clinicId,
        limit: DIRECTORY_SEARCH_LIMIT,
      });
      return { referrers: found.map(toReferrerMatch) };
    },
    referrers: () => selectReferrerOptions(db),
    clinics: () => selectClinicOptions(db),
    specialists: () => selectSpecialistOptions(db),
    sites: () => selectSiteOptions(db),
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
