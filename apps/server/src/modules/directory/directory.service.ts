import type { Db } from '../../db/database.ts';
import {
  selectClinicOptions,
  selectReferrerOptions,
  selectSiteOptions,
  selectSpecialistOptions,
} from './directory.queries.ts';

/** The pick lists of the practice-management data we hold (referrers, clinics, specialists, sites). */
export function createDirectoryService(db: Db) {
  return {
    referrers: () => selectReferrerOptions(db),
    clinics: () => selectClinicOptions(db),
    specialists: () => selectSpecialistOptions(db),
    sites: () => selectSiteOptions(db),
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
