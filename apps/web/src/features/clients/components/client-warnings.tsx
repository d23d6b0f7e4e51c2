import { Alert, Stack } from '@mantine/core';
import { referralEndState } from '@telecare/domain/workflow-rules';
import { formatDate } from '../../../lib/format';
import { ageOf, todayIso, UNDER_AGE_LIMIT } from './client-form-values';

export interface ClientWarningsProps {
  dateOfBirth: string;
  /** The referral's end date as the form stands; undefined where the form has no referral section. */
  referralEndDate?: string | null | undefined;
}

/**
 * The spec's warnings at the top of the client form (yellow): referral expiring in under 3 months
 * (with the date), referral expired, patient under 17 years old.
 */
export function ClientWarnings({ dateOfBirth, referralEndDate }: ClientWarningsProps) {
  const today = todayIso();
  const warnings: { key: string; text: string }[] = [];
  if (referralEndDate) {
    const state = referralEndState(referralEndDate, today);
    if (state === 'expiring') {
      warnings.push({
        key: 'expiring',
        text: `The referral is expiring in less than 3 months: it ends on ${formatDate(referralEndDate)}.`,
      });
    } else if (state === 'expired') {
      warnings.push({
        key: 'expired',
        text: `The referral is expired: it ended on ${formatDate(referralEndDate)}.`,
      });
    }
  }
  const age = ageOf(dateOfBirth, today);
  if (age !== undefined && age < UNDER_AGE_LIMIT) {
    warnings.push({ key: 'under-age', text: `The patient is under ${UNDER_AGE_LIMIT} years old.` });
  }
  if (warnings.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Warnings" role="group">
      {warnings.map((warning) => (
        <Alert key={warning.key} color="yellow" variant="light" py={6} data-warning={warning.key}>
          {warning.text}
        </Alert>
      ))}
    </Stack>
  );
}
