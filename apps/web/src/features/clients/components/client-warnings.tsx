import { Alert, Stack } from '@mantine/core';
import { todayIn } from '@telecare/domain/calendar';
import { referralEndState } from '@telecare/domain/workflow-rules';
import { formatDate } from '../../../lib/format';
import { ageOf, UNDER_AGE_LIMIT } from './client-form-values';

export interface ClientWarning {
  key: 'expiring' | 'expired' | 'under-age';
  text: string;
}

/**
 * The spec's warnings for the form as it stands: referral expiring in under 3 months (with the
 * date), referral expired, patient under 17 years old. `referralEndDate` is undefined where the
 * form has no referral section.
 */
export function clientWarnings(
  dateOfBirth: string,
  referralEndDate: string | null | undefined,
  today: string = todayIn(),
): ClientWarning[] {
  const warnings: ClientWarning[] = [];
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
  return warnings;
}

/**
 * The warnings in yellow, for the form's sticky Save bar: always in view, wherever in the form the
 * date of birth or the referral dates were changed.
 */
export function ClientWarnings({ warnings }: { warnings: readonly ClientWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Warnings" role="group" style={{ flex: 1 }}>
      {warnings.map((warning) => (
        <Alert key={warning.key} color="yellow" variant="light" py={6} data-warning={warning.key}>
          {warning.text}
        </Alert>
      ))}
    </Stack>
  );
}
