import { describe, expect, it } from 'vitest';
import { doctorName, referralEndDate } from './referral-rules.ts';

describe('referral rules', () => {
  it('computes the end date: by month 0 indefinite, 3 or 12 from the start, else the expiry date', () => {
    expect(referralEndDate('2026-01-15', null, 0)).toBe('1900-01-01');
    expect(referralEndDate(null, null, 0)).toBe('1900-01-01');
    expect(referralEndDate('2026-01-15', null, 3)).toBe('2026-04-15');
    expect(referralEndDate('2026-11-30', null, 3)).toBe('2027-02-28');
    expect(referralEndDate('2026-01-15', null, 12)).toBe('2027-01-15');
    expect(referralEndDate(null, null, 12)).toBeNull();
    expect(referralEndDate('2026-01-15', '2026-06-30', null)).toBe('2026-06-30');
    expect(referralEndDate('2026-01-15', null, null)).toBeNull();
  });

  it("names doctors 'Title First Last', Dr when there is no title", () => {
    expect(doctorName({ title: 'Prof', firstName: 'Ann', lastName: 'Lee' })).toBe('Prof Ann Lee');
    expect(doctorName({ title: null, firstName: 'Ann', lastName: 'Lee' })).toBe('Dr Ann Lee');
    expect(doctorName({ title: ' ', firstName: 'Ann', lastName: 'Lee' })).toBe('Dr Ann Lee');
  });
});
