import type { DIAL_IN_METHODS } from '@telecare/contracts/booking';
import { formatDateAt, monthOf } from './calendar.ts';

/** The booking form's choices that the spec gives as rules (section 9), and how its calendar opens. */

/** Today's date on the CONT/TBC choices is the Melbourne day (the spec's default zone). */
const CONT_OR_TBC_ZONE = 'Australia/Melbourne';

/** CONT, TBC, then 'NRR X 1', 'NRR X 2' and 'TBC' each followed by today's date (DD/MM/YYYY). */
export function contOrTbcOptions(now: Date): string[] {
  const today = formatDateAt(now, CONT_OR_TBC_ZONE);
  return ['CONT', 'TBC', `NRR X 1 ${today}`, `NRR X 2 ${today}`, `TBC ${today}`];
}

export type DialInMethod = (typeof DIAL_IN_METHODS)[number];

/** What staff read for each stored dial-in method (the spec names the values only). */
export const DIAL_IN_METHOD_LABELS: Record<DialInMethod, string> = {
  coreplus: 'Core+ video call',
  zoom: 'Zoom',
  skype: 'Skype',
  phone: 'Phone call',
};

/**
 * The month ('YYYY-MM-01') the booking calendar opens on: the appointment's month when the
 * appointment is today or later, otherwise today's month. Days are 'YYYY-MM-DD'.
 */
export function calendarStartMonth(appointmentDate: string | null | undefined, today: string): string {
  const shown = appointmentDate && appointmentDate >= today ? appointmentDate : today;
  return monthOf(shown);
}
