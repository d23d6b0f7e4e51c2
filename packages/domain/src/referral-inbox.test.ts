import { ReferralDraftSchema } from '@telecare/contracts/referral-inbox';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  referralDisplayName,
  saveReferralProblems,
  uploadPatientInfoProblems,
  weeksUntil,
} from './referral-inbox.ts';

describe('referral inbox rules', () => {
  it('strips the unique-id suffix and corrects Refferal (the documented rule)', () => {
    expect(referralDisplayName('Refferal_Smith_1732000000-8f3a2c.pdf')).toBe('Referral_Smith.pdf');
    expect(referralDisplayName('Letter-0b8f3a2c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png')).toBe('Letter.png');
    expect(referralDisplayName('Smith_2026.pdf')).toBe('Smith_2026.pdf');
    expect(referralDisplayName('noextension')).toBe('noextension');
  });

  it('lists every save problem at once', () => {
    const empty = ReferralDraftSchema.parse({
      client: {},
      clinic: {},
      referrer: {},
      referral: {},
      letterFile: { id: '', name: '' },
    });
    expect(saveReferralProblems(empty)).toEqual([
      'Client first name cannot be empty',
      'Client last name cannot be empty',
      'Client date of birth cannot be empty',
      'Clinic name cannot be empty',
      'Referrer first name cannot be empty',
      'Referrer last name cannot be empty',
      'Referrer provider number cannot be empty',
      'Referral start date cannot be empty',
      'Referral expiry date or expiry by month cannot be empty',
      'Practitioner cannot be empty',
      'Letter file id cannot be empty',
      'Letter file name cannot be empty',
    ]);
    expect(saveReferralProblems(null)).toEqual(['Referral cannot be empty']);
    expect(uploadPatientInfoProblems(empty)).toEqual([
      'Client first name cannot be empty',
      'Client last name cannot be empty',
      'Client date of birth cannot be empty',
      'Letter file id cannot be empty',
      'Letter file name cannot be empty',
    ]);
  });

  it('counts whole weeks to a date, never below 0, and the age', () => {
    expect(weeksUntil('2026-01-01', '2026-01-20')).toBe(2);
    expect(weeksUntil('2026-01-20', '2026-01-01')).toBe(0);
    expect(ageOn('2026-04-02', '1960-04-03')).toBe(65);
    expect(ageOn('2026-04-03', '1960-04-03')).toBe(66);
  });
});
