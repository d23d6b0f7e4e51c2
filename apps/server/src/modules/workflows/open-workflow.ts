import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { referrals, referrers, specialists, workflows } from '../../db/schema/index.ts';
import {
  caseManagerCopy,
  caseManagerOf,
  clientCopy,
  insertWorkflowWithCopies,
  type OwnWorkflowValues,
  referralCopy,
} from './workflow-copies.ts';
import { findClientWithAddresses } from './workflow-detail.queries.ts';

/** Where a new workflow came from (kept in its 'workflow.created' audit row). */
export type WorkflowSource = 'track' | 'intake';

/**
 * Opens a new workflow for an existing client, built from the client's record (V-21): the latest
 * referral with its referrer, clinic and end date; the client's practitioner as case manager;
 * status awaitingBooking; REVIEW when the client had a workflow before, else NEW. Answers the new
 * row, or undefined when the client does not exist. Runs inside the caller's transaction.
 */
export async function openWorkflow(
  tx: Db,
  input: { clientId: string; createdBy: string | null; own?: OwnWorkflowValues },
) {
  const found = await findClientWithAddresses(tx, input.clientId);
  if (!found) return undefined;
  const { client } = found;
  const [referral] = await tx
    .select({ referral: referrals, referrer: referrers })
    .from(referrals)
    .leftJoin(referrers, eq(referrers.id, referrals.referrerId))
    .where(eq(referrals.clientId, client.id))
    .orderBy(desc(referrals.createdAt))
    .limit(1);
  const specialist = client.practitionerId
    ? await specialistByPractitionerId(tx, client.practitionerId)
    : undefined;
  const caseManager = specialist ? await caseManagerOf(tx, specialist.id) : undefined;
  const [earlier] = await tx
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.clientId, client.id))
    .limit(1);
  return insertWorkflowWithCopies(
    tx,
    {
      ...clientCopy(client),
      ...(referral
        ? referralCopy(
            {
              referralId: referral.referral.id,
              referrerId: referral.referral.referrerId,
              clinicId: referral.referral.clinicId,
              endDate: referral.referral.endDate,
            },
            referral.referrer,
          )
        : {}),
      ...(caseManager ? caseManagerCopy(caseManager.specialist, caseManager.specialityNames, null) : {}),
    },
    {
      clientId: client.id,
      createdBy: input.createdBy,
      bookingStatus: 'awaitingBooking',
      isNewAppointment: !earlier,
      ...input.own,
    },
  );
}

async function specialistByPractitionerId(tx: Db, practitionerId: string) {
  const [row] = await tx
    .select({ id: specialists.id })
    .from(specialists)
    .where(eq(specialists.practitionerId, practitionerId))
    .limit(1);
  return row;
}
