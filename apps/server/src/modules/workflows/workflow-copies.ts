/**
 * The one writer of a workflow row's copies: the client, referral and referrer, case manager and
 * speciality, site, appointment and latest activity that the lists show from the row itself. Every
 * change to a source (Edit Client, the referral, a booking, a patient reply, Rebuild) makes its copy
 * here, so each copy is computed one way only; the demo data (db/seed) uses the same functions.
 */
import { doctorName } from '@telecare/domain/referral-rules';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workflowListRows, workflows } from '../../db/schema/index.ts';
import { findSite } from '../directory/directory.queries.ts';
import {
  findAppointmentDetail,
  findClientWithAddresses,
  findReferralDetail,
  findSpecialistWithSpeciality,
  latestActivityName,
} from './workflow-detail.queries.ts';
import { notDeleted } from './workflows.queries.ts';

type WorkflowValues = Partial<typeof workflows.$inferInsert>;

/** The copied columns, each with the link to its source. */
export const COPIED_COLUMNS = [
  'urn',
  'clientFirstName',
  'clientLastName',
  'clientDateOfBirth',
  'referralId',
  'referrerId',
  'clinicId',
  'referrerName',
  'referralEndDate',
  'specialistId',
  'caseManagerName',
  'specialityName',
  'siteId',
  'siteName',
  'appointmentId',
  'appointmentStart',
  'appointmentTimezone',
  'lastActivityName',
] as const satisfies readonly (keyof WorkflowValues)[];
type CopiedColumn = (typeof COPIED_COLUMNS)[number];

export type WorkflowCopies = Pick<WorkflowValues, CopiedColumn>;
/** The workflow's own columns (tasks, status, category ...): anything but a copy. */
export type OwnWorkflowValues = Omit<WorkflowValues, CopiedColumn> & { [K in CopiedColumn]?: never };

type Person = { title?: string | null; firstName: string; lastName: string };

export const clientCopy = (client: {
  urn: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
}) => ({
  urn: client.urn,
  clientFirstName: client.firstName,
  clientLastName: client.lastName,
  clientDateOfBirth: client.dateOfBirth,
});

/** The referral's link, its referrer ('Dr First Last') and its effective end date. */
export const referralCopy = (
  referral: {
    referralId: string;
    referrerId: string | null;
    clinicId: string | null;
    endDate: string | null;
  },
  referrer: Person | null | undefined,
) => ({
  referralId: referral.referralId,
  referrerId: referral.referrerId,
  clinicId: referral.clinicId,
  referrerName: referrer ? doctorName(referrer) : null,
  referralEndDate: referral.endDate,
});

export const referralEndDateCopy = (referral: { endDate: string | null }) => ({
  referralEndDate: referral.endDate,
});

/** The case manager ('Dr First Last'); the speciality stays while it is one of theirs, else their first. */
export const caseManagerCopy = (
  specialist: Person & { id: string },
  specialityNames: readonly string[],
  currentSpeciality: string | null,
) => ({
  specialistId: specialist.id,
  caseManagerName: doctorName(specialist),
  specialityName:
    currentSpeciality && specialityNames.includes(currentSpeciality)
      ? currentSpeciality
      : (specialityNames[0] ?? currentSpeciality),
});

export const siteCopy = (site: { id: string; name: string } | null | undefined) => ({
  siteId: site?.id ?? null,
  siteName: site?.name ?? null,
});

/** The booked appointment; null clears it (cancelled). */
export const appointmentCopy = (
  appointment: { appointmentId: string; startDateTime: Date; timezone: string } | null,
) => ({
  appointmentId: appointment?.appointmentId ?? null,
  appointmentStart: appointment?.startDateTime ?? null,
  appointmentTimezone: appointment?.timezone ?? null,
});

export const lastActivityCopy = (name: string | null) => ({ lastActivityName: name });

/** Writes copies, and the workflow's own columns that change with them, on the given workflows. */
export async function writeWorkflowCopies(
  db: Db,
  ids: string[],
  copies: WorkflowCopies,
  own: OwnWorkflowValues = {},
) {
  await db
    .update(workflows)
    .set({ ...own, ...copies })
    .where(inArray(workflows.id, ids));
}

type BookedCopies = ReturnType<typeof appointmentCopy> &
  ReturnType<typeof caseManagerCopy> &
  ReturnType<typeof siteCopy>;

/**
 * A booking's copies (appointment, case manager and speciality, site) and the workflow's own columns
 * that change with them, as a write with placeholders for a prepared statement (a change's closing
 * writes, lib/write-change.ts); run it with `bookedCopiesValues`. `contOrTbc` only when given.
 */
export const bookedCopiesWrite = () => {
  const p = (name: string) => sql.placeholder(`copies_${name}`);
  return sql`UPDATE ${workflows} SET
      appointment_id = ${p('appointmentId')}::uuid, appointment_start = ${p('appointmentStart')}::timestamptz,
      appointment_timezone = ${p('appointmentTimezone')}::text, specialist_id = ${p('specialistId')}::uuid,
      case_manager_name = ${p('caseManagerName')}::text, speciality_name = ${p('specialityName')}::text,
      site_id = ${p('siteId')}::uuid, site_name = ${p('siteName')}::text, booking_status = 'booked',
      booking_status_updated_at = coalesce(${p('bookingStatusUpdatedAt')}::timestamptz, booking_status_updated_at),
      is_new_appointment = ${p('isNewAppointment')}::boolean,
      cont_or_tbc = CASE WHEN ${p('contOrTbcGiven')}::boolean THEN ${p('contOrTbc')}::text ELSE cont_or_tbc END,
      updated_at = ${p('updatedAt')}::timestamptz
    WHERE id = ${p('workflowId')}::uuid`;
};

/** The values of `bookedCopiesWrite`; `bookingStatusUpdatedAt` null keeps the column. */
export function bookedCopiesValues(
  workflowId: string,
  copies: BookedCopies,
  own: { bookingStatusUpdatedAt: Date | null; isNewAppointment: boolean; contOrTbc?: string | null },
) {
  const values = {
    workflowId,
    ...copies,
    appointmentStart: copies.appointmentStart?.toISOString() ?? null,
    bookingStatusUpdatedAt: own.bookingStatusUpdatedAt?.toISOString() ?? null,
    isNewAppointment: own.isNewAppointment,
    contOrTbcGiven: own.contOrTbc !== undefined,
    contOrTbc: own.contOrTbc ?? null,
    updatedAt: new Date().toISOString(),
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`copies_${key}`, value]));
}

/**
 * A new workflow row (track a client, intake): its copies, computed by the functions above, and its
 * own columns. Answers the row.
 */
export async function insertWorkflowWithCopies(
  db: Db,
  copies: WorkflowCopies & ReturnType<typeof clientCopy>,
  own: OwnWorkflowValues & { clientId: string },
) {
  const [row] = await db
    .insert(workflows)
    .values({ ...own, ...copies })
    .returning();
  if (!row) throw new Error('The workflow was not created.');
  return row;
}

/** The client's copy on every live workflow of the client; answers their ids. */
export async function copyClientToWorkflows(
  db: Db,
  clientId: string,
  client: Parameters<typeof clientCopy>[0],
) {
  const rows = await db
    .update(workflows)
    .set(clientCopy(client))
    .where(and(eq(workflows.clientId, clientId), isNull(workflows.deletedAt)))
    .returning({ id: workflows.id });
  return rows.map((r) => r.id);
}

/**
 * A referral's copy on its live workflows (and on `alsoWorkflowId`, the workflow it is being linked
 * to); answers their ids.
 */
export async function copyReferralToWorkflows(
  db: Db,
  referralId: string,
  copy: ReturnType<typeof referralCopy> | ReturnType<typeof referralEndDateCopy>,
  alsoWorkflowId?: string,
) {
  const rows = await db
    .update(workflows)
    .set(copy)
    .where(
      and(
        alsoWorkflowId
          ? or(eq(workflows.referralId, referralId), eq(workflows.id, alsoWorkflowId))
          : eq(workflows.referralId, referralId),
        isNull(workflows.deletedAt),
      ),
    )
    .returning({ id: workflows.id });
  return rows.map((r) => r.id);
}

type WorkflowRecord = typeof workflows.$inferSelect;

/**
 * Every copy recomputed from its source (Rebuild): the client; the referral when the workflow has
 * one; the case manager of the live appointment, else the workflow's; the appointment's site, else
 * the workflow's; the live appointment; the latest activity. A source that is gone keeps its copy.
 */
export async function rebuildWorkflowCopies(db: Db, workflow: WorkflowRecord) {
  const client = await findClientWithAddresses(db, workflow.clientId);
  if (!client) return undefined;
  const referral = workflow.referralId ? await findReferralDetail(db, workflow.referralId) : undefined;
  const appointment = workflow.appointmentId
    ? await findAppointmentDetail(db, workflow.appointmentId)
    : undefined;
  const specialistId = appointment?.specialist.id ?? workflow.specialistId;
  const specialist = specialistId ? await caseManagerOf(db, specialistId) : undefined;
  const site = appointment?.site ?? (workflow.siteId ? await findSite(db, workflow.siteId) : undefined);
  const copies: WorkflowCopies = {
    ...clientCopy(client.client),
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
    ...(specialist
      ? caseManagerCopy(specialist.specialist, specialist.specialityNames, workflow.specialityName)
      : { specialistId: specialistId ?? null, caseManagerName: null }),
    ...(site ? { siteName: site.name } : {}),
    ...appointmentCopy(
      appointment
        ? {
            appointmentId: appointment.appointment.id,
            startDateTime: appointment.appointment.startDateTime,
            timezone: appointment.appointment.timezone,
          }
        : null,
    ),
    ...lastActivityCopy(await latestActivityName(db, workflow.id)),
  };
  const changed = (Object.keys(copies) as CopiedColumn[]).filter(
    (key) => JSON.stringify(copies[key]) !== JSON.stringify(workflow[key]),
  );
  await writeWorkflowCopies(db, [workflow.id], copies);
  return { changed };
}

/** A specialist with their speciality names (alphabetical), for caseManagerCopy. */
export async function caseManagerOf(db: Db, specialistId: string) {
  const rows = await findSpecialistWithSpeciality(db, specialistId);
  const [first] = rows;
  if (!first) return undefined;
  const specialityNames = rows.map((row) => row.speciality).filter((name): name is string => Boolean(name));
  return { specialist: first.specialist, specialityNames };
}

/** The live workflows that carry a speciality's name, from the list columns' indexes. */
const liveWorkflowIdsOfSpeciality = (db: Db, name: string) =>
  db
    .select({ id: workflowListRows.id })
    .from(workflowListRows)
    .where(and(eq(workflowListRows.specialityName, name), notDeleted));

/** A renamed speciality's copy on every live workflow that carries the old name; answers their count. */
export async function copySpecialityRenameToWorkflows(db: Db, from: string, to: string) {
  if (from === to) return 0;
  const rows = await db
    .update(workflows)
    .set({ specialityName: to })
    .where(inArray(workflows.id, liveWorkflowIdsOfSpeciality(db, from)))
    .returning({ id: workflows.id });
  return rows.length;
}

/** A renamed specialist's case-manager copy ('Dr First Last') on their live workflows; answers their count. */
export async function copyCaseManagerNameToWorkflows(db: Db, specialist: Person & { id: string }) {
  const name = doctorName(specialist);
  const rows = await db
    .update(workflows)
    .set({ caseManagerName: name })
    .where(
      and(
        eq(workflows.specialistId, specialist.id),
        isNull(workflows.deletedAt),
        ne(workflows.caseManagerName, name),
      ),
    )
    .returning({ id: workflows.id });
  return rows.length;
}
