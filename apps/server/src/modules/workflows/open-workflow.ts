import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  referrals,
  referrers,
  specialistStaffAssignments,
  specialists,
  users,
  workflows,
} from '../../db/schema/index.ts';
import { findSite } from '../directory/directory.queries.ts';
import {
  caseManagerCopy,
  caseManagerOf,
  clientCopy,
  insertWorkflowWithCopies,
  type OwnWorkflowValues,
  referralCopy,
  siteCopy,
} from './workflow-copies.ts';
import { findClientWithAddresses, findReferralDetail } from './workflow-detail.queries.ts';

/** Where a new workflow came from (kept in its 'workflow.created' audit row). */
export type WorkflowSource = 'track' | 'intake';

export type OpenWorkflowInput = {
  clientId: string;
  createdBy: string | null;
  /** The referral to link; default the client's latest. */
  referralId?: string | null;
  /** The case manager; default the specialist who is the client's practitioner. */
  specialistId?: string | null;
  siteId?: string | null;
  /** Kept when it is one of the case manager's specialities, else their first. */
  specialityName?: string | null;
  own?: OwnWorkflowValues;
};

/**
 * The one place a workflow is created (tracking a client, referral intake; decision 0025: the row's
 * copies have one owner). Built from the client's record (V-21): the referral (given, or the
 * client's latest) with its referrer, clinic and end date; the case manager (given, or the client's
 * practitioner) and speciality; the site when given; the booking coordinator mapped to the case
 * manager (Assign clinician to staff, G3); status awaitingBooking; REVIEW when the client had a
 * workflow before, else NEW. `own` overrides the workflow's own columns. Answers the new row, or
 * undefined when the client does not exist. Runs inside the caller's transaction.
 */
export async function openWorkflow(tx: Db, input: OpenWorkflowInput) {
  const found = await findClientWithAddresses(tx, input.clientId);
  if (!found) return undefined;
  const { client } = found;
  const referral =
    input.referralId === undefined
      ? await latestReferral(tx, client.id)
      : input.referralId
        ? await findReferralDetail(tx, input.referralId)
        : undefined;
  const specialistId =
    input.specialistId !== undefined
      ? input.specialistId
      : client.practitionerId
        ? ((await specialistByPractitionerId(tx, client.practitionerId))?.id ?? null)
        : null;
  const caseManager = specialistId ? await caseManagerOf(tx, specialistId) : undefined;
  const site = input.siteId ? await findSite(tx, input.siteId) : undefined;
  const [earlier] = await tx
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.clientId, client.id))
    .limit(1);
  const specialityName = input.specialityName ?? null;
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
      ...(caseManager
        ? caseManagerCopy(caseManager.specialist, caseManager.specialityNames, specialityName)
        : specialityName
          ? { specialityName }
          : {}),
      ...(site ? siteCopy(site) : {}),
    },
    {
      clientId: client.id,
      createdBy: input.createdBy,
      bookingStatus: 'awaitingBooking',
      isNewAppointment: !earlier,
      bookingCoordinatorId: specialistId ? await mappedCoordinator(tx, specialistId) : null,
      ...input.own,
    },
  );
}

async function latestReferral(tx: Db, clientId: string) {
  const [row] = await tx
    .select({ referral: referrals, referrer: referrers })
    .from(referrals)
    .leftJoin(referrers, eq(referrers.id, referrals.referrerId))
    .where(eq(referrals.clientId, clientId))
    .orderBy(desc(referrals.createdAt))
    .limit(1);
  return row;
}

async function specialistByPractitionerId(tx: Db, practitionerId: string) {
  const [row] = await tx
    .select({ id: specialists.id })
    .from(specialists)
    .where(eq(specialists.practitionerId, practitionerId))
    .limit(1);
  return row;
}

/**
 * The booking coordinator of a new workflow: the first staff member (longest mapped) that Assign
 * clinician to staff maps to the case manager and who may still coordinate (neither IT staff, nor
 * disabled, nor deleted); null when there is none.
 */
export async function mappedCoordinator(tx: Db, specialistId: string) {
  const [row] = await tx
    .select({ userId: specialistStaffAssignments.userId })
    .from(specialistStaffAssignments)
    .innerJoin(users, eq(users.id, specialistStaffAssignments.userId))
    .where(
      and(
        eq(specialistStaffAssignments.specialistId, specialistId),
        eq(users.isItStaff, false),
        eq(users.disabled, false),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(specialistStaffAssignments.createdAt), asc(specialistStaffAssignments.userId))
    .limit(1);
  return row?.userId ?? null;
}
