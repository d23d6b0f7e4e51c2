import { addMonths, INDEFINITE_END_DATE } from './workflow-rules.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD text naming a real calendar day (no 30 February, no month 13). */
export function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

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
