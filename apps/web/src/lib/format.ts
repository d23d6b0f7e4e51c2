import {
  formatDateAt,
  formatDateTimeAt,
  formatDay,
  todayIn,
  zoneAbbreviation,
} from '@telecare/domain/calendar';
import { ageOn } from '@telecare/domain/workflow-rules';

/**
 * Display formats from the spec: dates as DD/MM/YYYY, times as HH:mm (24 hours), through the one
 * calendar module (@telecare/domain/calendar). Calendar dates (date of birth, referral dates) arrive
 * as 'YYYY-MM-DD' and are never shifted by a time zone; instants arrive as ISO strings and are shown
 * in the viewer's zone or a given IANA zone. Anything unreadable shows as ''.
 */

const DAY_SHAPED = /^\d{4}-\d{2}-\d{2}$/;
const readable = (value: string) => !Number.isNaN(Date.parse(value));

/** 'YYYY-MM-DD' (or an instant, in the viewer's zone) as DD/MM/YYYY; '' when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY_SHAPED.test(value)) return formatDay(value);
  return readable(value) ? formatDateAt(value) : '';
}

/** An instant as DD/MM/YYYY HH:mm in `timeZone` (an IANA name; default: the viewer's zone). */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  return value && readable(value) ? formatDateTimeAt(value, timeZone) : '';
}

/**
 * An instant as DD/MM/YYYY HH:mm with its zone's short name (e.g. '25/11/2026 09:30 AEDT'): every
 * time on screen says which zone it is in, since staff work from several.
 */
export function formatDateTimeWithZone(value: string | null | undefined, timeZone?: string): string {
  const time = formatDateTime(value, timeZone);
  return time && value ? `${time} ${formatTimeZoneName(value, timeZone)}` : '';
}

/** The short name of `timeZone` at that instant, e.g. AEST, AEDT, AWST (or GMT+9 where none exists). */
export function formatTimeZoneName(value: string, timeZone?: string): string {
  return zoneAbbreviation(value, timeZone);
}

/** Whole years between a 'YYYY-MM-DD' date of birth and `on` (default today); undefined if unreadable. */
export function ageInYears(
  dateOfBirth: string | null | undefined,
  on: string = todayIn(),
): number | undefined {
  if (!dateOfBirth || !DAY_SHAPED.test(dateOfBirth)) return undefined;
  const age = ageOn(dateOfBirth, on);
  return age >= 0 ? age : undefined;
}
