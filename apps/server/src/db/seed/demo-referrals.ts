/** The demo referrals: one per workflow, from the workflow's referrer at one of their clinics. */

import { addDays, addMonths, dayAt } from '@telecare/domain/calendar';
import type { referrals } from '../schema/index.ts';
import { DAY } from './dates.ts';
import type { DemoContext, Row } from './demo-directory.ts';
import type { WorkflowPlan } from './demo-workflow-plan.ts';

/**
 * The workflow's referral, with an end date that fits its status: expired for 'expiredReferral',
 * some expiring within three months, none of the active ones expiring within a week.
 */
export function buildReferral(
  ctx: DemoContext,
  plan: WorkflowPlan,
  number: number,
): Row<typeof referrals> & { id: string; endDate: string } {
  const { rng, ids, today } = ctx;
  const { client, status, isHistory, createdAt, referrer, location, specialist } = plan;
  const referralId = ids.uuid();
  const startDate = addDays(dayAt(createdAt, 'Australia/Melbourne'), -rng.int(0, 21));
  let expiry = rng.weighted([
    ['12', 50],
    ['3', 15],
    ['0', 10],
    ['date', 25],
  ] as const);
  let expiredDate: string | null = expiry === 'date' ? addDays(startDate, rng.int(60, 540)) : null;
  const endOf = () =>
    expiry === '12'
      ? addMonths(startDate, 12)
      : expiry === '3'
        ? addMonths(startDate, 3)
        : expiry === '0'
          ? '1900-01-01'
          : (expiredDate ?? '1900-01-01');
  if (status === 'expiredReferral') {
    expiry = 'date';
    const latestEnd = addDays(today, -1);
    const earliestEnd = addDays(startDate, 30);
    expiredDate =
      earliestEnd < latestEnd
        ? addDays(earliestEnd, rng.int(0, daysBetween(earliestEnd, latestEnd)))
        : latestEnd;
  } else if (!isHistory && rng.chance(0.1)) {
    // Expiring within the three-month warning window.
    expiry = 'date';
    expiredDate = addDays(today, rng.int(3, 88));
  } else if (!isHistory && endOf() !== '1900-01-01' && endOf() < addDays(today, 7)) {
    expiry = addMonths(startDate, 12) > addDays(today, 7) ? '12' : '0';
    expiredDate = null;
  }
  const endDate = endOf();
  return {
    id: referralId,
    externalReferralId: `RFL-${50001 + number}`,
    clientId: client.id,
    referrerId: referrer.id,
    clinicId: location.clinicId,
    referrerLocationId: location.id,
    specialistId: specialist.id,
    startDate,
    expiredDate: expiry === 'date' ? expiredDate : null,
    expiredDateByMonth: expiry === 'date' ? null : Number(expiry),
    endDate,
    createdAt,
    updatedAt: createdAt,
  };
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}
