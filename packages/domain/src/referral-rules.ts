import { addMonths } from './calendar.ts';
import { INDEFINITE_END_DATE } from './workflow-rules.ts';

/**
 * The effective end of a referral: by month 0 is indefinite (1900-01-01), 3 or 12 add that many
 * months to the start date, otherwise the chosen expiry date (or none).
 */
export function referralEndDate(
  startDate: string | null,
  expiredDate: string | null,
  expiredDateByMonth: number | null,
): string | null {
  if (expiredDateByMonth === 0) return INDEFINITE_END_DATE;
  if (expiredDateByMonth === 3 || expiredDateByMonth === 12) {
    return startDate ? addMonths(startDate, expiredDateByMonth) : null;
  }
  return expiredDate;
}

/** How a referrer or case manager shows in the lists: 'Dr First Last' (their title, Dr when none). */
export function doctorName(person: { title?: string | null; firstName: string; lastName: string }): string {
  return [person.title?.trim() || 'Dr', person.firstName, person.lastName].join(' ');
}
