import { addDays } from './calendar.ts';
import { ageOn, INDEFINITE_END_DATE } from './workflow-rules.ts';

/** The panel's alert badges (SW §3 alerts[{code}], V-27): computed, never stored. */
export const WORKFLOW_ALERT_LABELS = {
  REFERRAL_EXPIRED: 'Referral expired',
  REFERRAL_EXPIRING: 'Referral expiring',
  UNDER_17: 'Under 17',
  NO_MOBILE: 'No mobile',
  MESSAGE_FAILED: 'Message failed',
} as const;
export type WorkflowAlertCode = keyof typeof WORKFLOW_ALERT_LABELS;

/** A referral ending within this many days (and not yet ended) is expiring. */
export const REFERRAL_EXPIRING_DAYS = 30;

export function workflowAlerts(input: {
  /** 'YYYY-MM-DD'; 1900-01-01 means indefinitely valid. */
  referralEndDate: string | null;
  dateOfBirth: string | null;
  mobile: string | null;
  /** Any message to or about the patient that could not be sent. */
  messageFailed: boolean;
  today: string;
}): WorkflowAlertCode[] {
  const alerts: WorkflowAlertCode[] = [];
  const end = input.referralEndDate;
  if (end && end !== INDEFINITE_END_DATE) {
    if (end < input.today) alerts.push('REFERRAL_EXPIRED');
    else if (end <= addDays(input.today, REFERRAL_EXPIRING_DAYS)) alerts.push('REFERRAL_EXPIRING');
  }
  if (input.dateOfBirth && ageOn(input.dateOfBirth, input.today) < 17) alerts.push('UNDER_17');
  if (!input.mobile?.trim()) alerts.push('NO_MOBILE');
  if (input.messageFailed) alerts.push('MESSAGE_FAILED');
  return alerts;
}
