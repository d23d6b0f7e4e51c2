import { describe, expect, it } from 'vitest';
import { workflowAlerts } from './workflow-alerts.ts';

const base = {
  referralEndDate: null,
  dateOfBirth: '1970-01-01',
  mobile: '0412345678',
  messageFailed: false,
  today: '2026-11-25',
};

describe('workflow alerts', () => {
  it('has none for an adult with a mobile, no referral end and no failed message', () => {
    expect(workflowAlerts(base)).toEqual([]);
  });

  it('flags an expired and an expiring referral, never an indefinite one', () => {
    expect(workflowAlerts({ ...base, referralEndDate: '2026-11-24' })).toEqual(['REFERRAL_EXPIRED']);
    expect(workflowAlerts({ ...base, referralEndDate: '2026-11-25' })).toEqual(['REFERRAL_EXPIRING']);
    expect(workflowAlerts({ ...base, referralEndDate: '2026-12-25' })).toEqual(['REFERRAL_EXPIRING']);
    expect(workflowAlerts({ ...base, referralEndDate: '2026-12-26' })).toEqual([]);
    expect(workflowAlerts({ ...base, referralEndDate: '1900-01-01' })).toEqual([]);
  });

  it('flags a patient under 17, a missing mobile and a failed message', () => {
    expect(workflowAlerts({ ...base, dateOfBirth: '2009-11-26', mobile: ' ', messageFailed: true })).toEqual([
      'UNDER_17',
      'NO_MOBILE',
      'MESSAGE_FAILED',
    ]);
    expect(workflowAlerts({ ...base, dateOfBirth: '2009-11-25' })).toEqual([]);
  });
});
