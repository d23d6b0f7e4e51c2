import { describe, expect, it } from 'vitest';
import {
  capitaliseName,
  defaultExpiry,
  MAX_LETTER_TEXT,
  parseDayMonthYear,
  parseReferralLetter,
  splitAddress,
  splitName,
} from './referral-letter-parser.ts';

describe('referral letter parser', () => {
  it('capitalises names and takes the last word as the last name', () => {
    expect(capitaliseName("mary-anne O'BRIEN")).toBe("Mary-Anne O'Brien");
    expect(splitName('JOHN PAUL SMITH')).toEqual({ firstName: 'John Paul', lastName: 'Smith' });
    expect(splitName('smith')).toEqual({ firstName: '', lastName: 'Smith' });
  });

  it('reads dates as DD/MM/YYYY and refuses impossible ones', () => {
    expect(parseDayMonthYear('03/04/1960')).toBe('1960-04-03');
    expect(parseDayMonthYear('3.4.1960')).toBe('1960-04-03');
    expect(parseDayMonthYear('31/02/2026')).toBe('');
    expect(parseDayMonthYear('2026-02-01')).toBe('');
  });

  it('splits suburb, state and postcode only after a valid state and a 4-digit postcode', () => {
    expect(splitAddress('12 Main St BONDI NSW 2026')).toEqual({
      streetAddress: '12 Main St',
      suburb: 'BONDI',
      state: 'NSW',
      postcode: '2026',
    });
    expect(splitAddress('5/22 Smith Road, North Parramatta nsw 2151')).toEqual({
      streetAddress: '5/22 Smith Road',
      suburb: 'NORTH PARRAMATTA',
      state: 'NSW',
      postcode: '2151',
    });
    expect(splitAddress('12 Main St Bondi 2026')).toEqual({
      streetAddress: '12 Main St Bondi 2026',
      suburb: '',
      state: '',
      postcode: '',
    });
    expect(splitAddress('12 Main St Bondi XYZ 2026').state).toBe('');
  });

  it('defaults the expiry to one year after the start', () => {
    expect(defaultExpiry('2026-02-01')).toBe('2027-02-01');
    expect(defaultExpiry('')).toBe('');
  });

  it('pre-fills the example letter of the acceptance check', () => {
    const parsed = parseReferralLetter(
      'Bondi Medical Centre\nDate: 01/02/2026\nPatient: JOHN SMITH\nDOB: 03/04/1960\nAddress: 12 Main St BONDI NSW 2026\nMedicare: 2123 45670 1 IRN 2\nYours sincerely,\nDr Jane Citizen\nProvider No: 2426591T',
    );
    expect(parsed).toMatchObject({
      firstName: 'John',
      lastName: 'Smith',
      dateOfBirth: '1960-04-03',
      address: { streetAddress: '12 Main St', suburb: 'BONDI', state: 'NSW', postcode: '2026' },
      medicareCardNumber: '2123456701',
      medicareCardIRN: '2',
      startDate: '2026-02-01',
      expiredDate: '2027-02-01',
      referrer: { title: 'Dr', firstName: 'Jane', lastName: 'Citizen', providerNumber: '2426591T' },
      clinicName: 'Bondi Medical Centre',
    });
  });

  it('leaves what it cannot find empty', () => {
    const parsed = parseReferralLetter('Nothing useful here.');
    expect(parsed.firstName).toBe('');
    expect(parsed.dateOfBirth).toBe('');
    expect(parsed.startDate).toBe('');
    expect(parsed.expiredDate).toBe('');
  });

  it('reads hostile text in bounded time: long runs that made its patterns backtrack, and text past the limit', () => {
    const hostile = [
      'of 1 '.repeat(200_000),
      `DOB${'\n'.repeat(100_000)}x`,
      `Medicare${' card'.repeat(50_000)}`,
      `Regards,${'\n \n'.repeat(50_000)}`,
      `DVA${' no'.repeat(50_000)}`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      const parsed = parseReferralLetter(text);
      // Before the patterns were bounded, the first of these took minutes and the second hours.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(parsed.dateOfBirth).toBe('');
    }
    const late = `${'x '.repeat(MAX_LETTER_TEXT)}\nDOB: 03/04/1960`;
    expect(parseReferralLetter(late).dateOfBirth).toBe('');
  });
});
