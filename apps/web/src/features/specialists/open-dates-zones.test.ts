import { describe, expect, it } from 'vitest';
import { zonesOf } from './open-dates-zones';

describe('the zones named beside a month of open dates', () => {
  it("names both of a zone's names in the month daylight saving ends", () => {
    const dates = [
      { date: '2026-04-02', timezone: 'Australia/Sydney' },
      { date: '2026-04-09', timezone: 'Australia/Sydney' },
    ];
    expect(zonesOf(dates, '2026-04-01', 'Australia/Sydney')).toBe('AEDT/AEST, Australia/Sydney');
  });

  it('names one zone once in a month without a change, and each zone when dates differ', () => {
    expect(
      zonesOf([{ date: '2026-07-01', timezone: 'Australia/Perth' }], '2026-07-01', 'Australia/Sydney'),
    ).toBe('AWST, Australia/Perth');
    const mixed = [
      { date: '2026-07-01', timezone: 'Australia/Perth' },
      { date: '2026-07-02', timezone: 'Australia/Adelaide' },
    ];
    expect(zonesOf(mixed, '2026-07-01', 'Australia/Sydney')).toBe(
      'AWST, Australia/Perth; ACST, Australia/Adelaide',
    );
  });

  it("names the specialist's zone on the month's first day when no date is open", () => {
    expect(zonesOf([], '2026-10-01', 'Australia/Melbourne')).toBe('AEST, Australia/Melbourne');
  });
});
