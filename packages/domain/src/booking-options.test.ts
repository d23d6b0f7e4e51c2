import { describe, expect, it } from 'vitest';
import { calendarStartMonth, contOrTbcOptions, DIAL_IN_METHOD_LABELS } from './booking-options.ts';

describe('booking options', () => {
  it("offers CONT, TBC, then NRR X 1, NRR X 2 and TBC with today's Melbourne date", () => {
    expect(contOrTbcOptions(new Date('2026-03-09T02:00:00Z'))).toEqual([
      'CONT',
      'TBC',
      'NRR X 1 09/03/2026',
      'NRR X 2 09/03/2026',
      'TBC 09/03/2026',
    ]);
  });

  it("dates the choices by Melbourne's day, not UTC's", () => {
    // 14:30 UTC on 31 Dec is already 1 Jan in Melbourne (AEDT, +11).
    expect(contOrTbcOptions(new Date('2025-12-31T14:30:00Z'))[4]).toBe('TBC 01/01/2026');
    expect(contOrTbcOptions(new Date('2025-12-31T12:30:00Z'))[4]).toBe('TBC 31/12/2025');
  });

  it('labels every dial-in method', () => {
    expect(Object.keys(DIAL_IN_METHOD_LABELS)).toEqual(['coreplus', 'zoom', 'skype', 'phone']);
    expect(Object.values(DIAL_IN_METHOD_LABELS).every((label) => label.length > 0)).toBe(true);
  });

  it("opens the calendar on the appointment's month only when it is today or later", () => {
    const today = '2026-05-20';
    expect(calendarStartMonth('2026-07-03', today)).toBe('2026-07-01');
    expect(calendarStartMonth('2026-05-20', today)).toBe('2026-05-01');
    expect(calendarStartMonth('2026-05-02', today)).toBe('2026-05-01');
    expect(calendarStartMonth('2026-02-11', today)).toBe('2026-05-01');
    expect(calendarStartMonth('2025-12-31', today)).toBe('2026-05-01');
    expect(calendarStartMonth(null, today)).toBe('2026-05-01');
  });
});
