import {
  CLIENT_FORM_MESSAGES,
  CLIENT_SEARCH_LIMIT,
  type ClientResponse,
  type ClientSearchResponse,
  type CreateClientRequestSchema,
  type ReferralDate,
  type ReferralSummary,
  type UpdatePatientRequestSchema,
  type UpdateReferralDateRequestSchema,
  type UpdateReferralRequestSchema,
} from '@telecare/contracts/clients';
import { ErrorCode } from '@telecare/contracts/errors';
import { isClientSiteAllowed } from '@telecare/domain/client-rules';
import { doctorName, referralEndDate } from '@telecare/domain/referral-rules';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type {
  PmClient,
  PmClientFields,
  PmReferral,
  PmReferralFields,
  PracticeManagementFactory,
} from '../../integrations/practice-management/practice-management.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { auditedBy, createChangeWriter } from '../../lib/write-change.ts';
import { type AuditEvent, recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { findSite, selectSpecialityNames } from '../directory/directory.queries.ts';
import {
  caseManagerCopy,
  copyClientToWorkflows,
  copyReferralToWorkflows,
  referralCopy,
  referralEndDateCopy,
  siteCopy,
  writeWorkflowCopies,
} from '../workflows/workflow-copies.ts';
import { findLiveWorkflow } from '../workflows/workflows.queries.ts';
import {
  findClinic,
  findReferrer,
  findReferrerLocation,
  findSpecialist,
  searchClients,
} from './clients.queries.ts';

type UpdatePatient = z.output<typeof UpdatePatientRequestSchema>;
type CreateClient = z.output<typeof CreateClientRequestSchema>;
type UpdateReferral = z.output<typeof UpdateReferralRequestSchema>;
type UpdateReferralDate = z.output<typeof UpdateReferralDateRequestSchema>;

const M = CLIENT_FORM_MESSAGES;

/** The client fields the practice-management system holds (the form's other fields are the workflow's). */
const CLIENT_FIELDS = [
  'urn',
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'clientGroupId',
  'practitionerId',
  'email',
  'phoneNumberMobile',
  'phoneNumberHome',
  'phoneNumberWork',
  'phoneNumberFax',
  'addressResidential',
  'addressPostal',
  'postalSameAsResidential',
] as const satisfies readonly (keyof PmClientFields)[];

const REFERRAL_FIELDS = [
  'referrerId',
  'clinicId',
  'referrerLocationId',
  'specialistId',
  'startDate',
  'expiredDate',
  'expiredDateByMonth',
  'endDate',
] as const satisfies readonly (keyof PmReferralFields)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Names of the fields whose values differ (never the values themselves). */
function changedFields<T extends object>(keys: readonly (keyof T & string)[], before: T | null, after: T) {
  return keys.filter((key) => !before || !same(before[key], after[key]));
}

function refuse(fieldErrors: Record<string, string[]>) {
  const messages = Object.values(fieldErrors);
  if (messages.length === 0) return;
  throw new AppError(ErrorCode.validation, messages[0]?.[0] ?? 'Some fields are not valid.', fieldErrors);
}

const notFound = (message: string) => new AppError(ErrorCode.notFound, message);

/** The archived and history lists show category and referral dates read-only (spec §2). */
const READ_ONLY_OFF_ACTIVE =
  'The category and referral dates of an archived or history workflow can not be changed.';
function refuseOffActiveList(workflow: { listName: string }) {
  if (workflow.listName !== 'active') throw new AppError(ErrorCode.conflict, READ_ONLY_OFF_ACTIVE);
}

export function createClientService(deps: {
  db: Db;
  changes: ChangeFeed;
  practiceManagement: PracticeManagementFactory;
}) {
  const { db, changes, practiceManagement } = deps;

  const write = createChangeWriter({ db, changes });
  const workflowChanged = (ids: string[]) => [{ type: 'workflow.changed' as const, ids }];

  const audit = (
    actor: AuthContext,
    origin: RequestOrigin,
    event: { action: string; entityType: string; entityId?: string; details?: Record<string, unknown> },
  ): AuditEvent => ({ ...event, ...auditedBy(actor, origin) });

  async function liveWorkflow(tx: Db, id: string) {
    const workflow = await findLiveWorkflow(tx, id);
    if (!workflow) throw notFound('This workflow does not exist.');
    return workflow;
  }

  /** The case manager (a specialist), checked to exist; fieldErrors under `field` otherwise. */
  async function caseManager(tx: Db, id: string | null | undefined, field: string) {
    if (!id) return null;
    const specialist = await findSpecialist(tx, id);
    if (!specialist) refuse({ [field]: [M.caseManager] });
    return specialist ?? null;
  }

  /** With "postal same as residential" the postal address saved is a copy of the residential one. */
  function withPostalCopy<T extends Partial<PmClientFields>>(fields: T, before?: PmClient): T {
    const sameAsResidential = fields.postalSameAsResidential ?? before?.postalSameAsResidential ?? false;
    const residential = fields.addressResidential ?? before?.addressResidential;
    return sameAsResidential && residential ? { ...fields, addressPostal: { ...residential } } : fields;
  }

  async function referralSummary(
    tx: Db,
    referral: PmReferral,
    workflowIds: string[],
  ): Promise<ReferralSummary> {
    const referrer = referral.referrerId ? await findReferrer(tx, referral.referrerId) : undefined;
    const clinic = referral.clinicId ? await findClinic(tx, referral.clinicId) : undefined;
    const location = referral.referrerLocationId
      ? await findReferrerLocation(tx, { id: referral.referrerLocationId })
      : undefined;
    return {
      id: referral.referralId,
      clientId: referral.clientId,
      startDate: referral.startDate,
      expiredDate: referral.expiredDate,
      expiredDateByMonth: referral.expiredDateByMonth,
      endDate: referral.endDate,
      referrer: referrer
        ? {
            id: referrer.id,
            name: doctorName(referrer),
            providerNumber: location?.providerNumber ?? referrer.providerNumber,
          }
        : null,
      clinic: clinic ?? null,
      workflowIds,
    };
  }

  const dateFields = (d: ReferralDate) => ({
    startDate: d.startDate,
    expiredDate: d.expiredDate,
    expiredDateByMonth: d.expiredDateByMonth,
    endDate: referralEndDate(d.startDate, d.expiredDate, d.expiredDateByMonth),
  });

  return {
    /**
     * Edit Client: the client and its addresses through the practice-management adapter, the copies
     * on every workflow of the client, and the edited workflow's category, site and case manager.
     */
    async updatePatient(
      actor: AuthContext,
      origin: RequestOrigin,
      input: UpdatePatient,
    ): Promise<ClientResponse> {
      return write(async (tx) => {
        const workflow = await findLiveWorkflow(tx, input.id);
        if (!workflow || workflow.clientId !== input.clientId) {
          throw notFound('This workflow does not exist for this client.');
        }
        const pm = practiceManagement(tx);
        const before = await pm.getClient(input.clientId);
        if (!before) throw notFound('This client does not exist.');

        const { site: siteId, category, finNo, ...form } = input.client;
        if (category !== undefined && category !== workflow.category) refuseOffActiveList(workflow);
        const site = siteId ? await findSite(tx, siteId) : undefined;
        if (siteId && !site) refuse({ 'client.site': [M.site] });
        if (site && !isClientSiteAllowed(site.name)) refuse({ 'client.site': [M.siteExcluded] });
        const specialist = await caseManager(tx, form.practitionerId, 'client.practitionerId');

        const patch: Partial<PmClientFields> = {};
        for (const key of CLIENT_FIELDS) {
          if (form[key] !== undefined) Object.assign(patch, { [key]: form[key] });
        }
        const after = await pm.updateClient(input.clientId, withPostalCopy(patch, before));
        if (!after) throw notFound('This client does not exist.');

        const ids = await copyClientToWorkflows(tx, input.clientId, after);
        const copies = {
          ...(siteId !== undefined ? siteCopy(site) : {}),
          ...(specialist
            ? caseManagerCopy(
                specialist,
                await selectSpecialityNames(tx, specialist.id),
                workflow.specialityName,
              )
            : {}),
        };
        const own = {
          ...(category !== undefined ? { category } : {}),
          ...(finNo !== undefined ? { finNo } : {}),
        };
        if (Object.keys({ ...copies, ...own }).length) {
          await writeWorkflowCopies(tx, [workflow.id], copies, own);
        }

        const fields: string[] = changedFields(CLIENT_FIELDS, before, after);
        if (category !== undefined && category !== workflow.category) fields.push('category');
        if (siteId !== undefined && siteId !== workflow.siteId) fields.push('site');
        if (finNo !== undefined && finNo !== workflow.finNo) fields.push('finNo');
        return {
          result: after,
          audit: [
            audit(actor, origin, {
              action: 'client.updated',
              entityType: 'client',
              entityId: input.clientId,
              details: { fields, workflowId: workflow.id },
            }),
          ],
          events: workflowChanged([...new Set([workflow.id, ...ids])]),
        };
      });
    },

    /** settings/create-client: a client with addresses, without workflow fields. */
    async createClient(
      actor: AuthContext,
      origin: RequestOrigin,
      input: CreateClient,
    ): Promise<ClientResponse> {
      return write(async (tx) => {
        await caseManager(tx, input.practitionerId, 'practitionerId');
        const fields: PmClientFields = withPostalCopy({
          urn: input.urn,
          title: input.title,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: input.dateOfBirth,
          gender: input.gender,
          clientGroupId: input.clientGroupId,
          practitionerId: input.practitionerId,
          email: input.email,
          phoneNumberMobile: input.phoneNumberMobile,
          phoneNumberHome: input.phoneNumberHome,
          phoneNumberWork: input.phoneNumberWork,
          phoneNumberFax: input.phoneNumberFax,
          addressResidential: input.addressResidential,
          addressPostal: input.addressPostal,
          postalSameAsResidential: input.postalSameAsResidential,
        });
        const client = await practiceManagement(tx).createClient(fields);
        return {
          result: client,
          audit: [
            audit(actor, origin, {
              action: 'client.created',
              entityType: 'client',
              entityId: client.clientId,
            }),
          ],
        };
      });
    },

    /** The referrer's location at the clinic, as the practice-management system's referrerLocations list. */
    async referrerLocation(pair: { referrerId: string; clinicId: string }) {
      const location = await findReferrerLocation(db, pair);
      return {
        referrerLocations: location
          ? [{ id: location.id, providerNumber: location.providerNumber, email: location.email }]
          : [],
      };
    },

    /** Up to 20 clients by name; the audit keeps the number of results, never the search text. */
    async searchClients(
      actor: AuthContext,
      origin: RequestOrigin,
      text: string,
    ): Promise<ClientSearchResponse> {
      const rows = await searchClients(db, text, CLIENT_SEARCH_LIMIT);
      await recordAudit(
        db,
        audit(actor, origin, {
          action: 'client.searched',
          entityType: 'client',
          details: { results: rows.length },
        }),
      );
      return { clients: rows };
    },

    /**
     * Creates (referralId null) or updates the workflow's referral with its referrer, clinic and the
     * referrer's location at that clinic, links it to the workflow, and refreshes the copies.
     */
    async updateReferral(
      actor: AuthContext,
      origin: RequestOrigin,
      input: UpdateReferral,
    ): Promise<ReferralSummary> {
      return write(async (tx) => {
        const workflow = await liveWorkflow(tx, input.id);
        refuseOffActiveList(workflow);
        const referrer = input.referrer ? await findReferrer(tx, input.referrer.id) : undefined;
        const clinic = input.clinic ? await findClinic(tx, input.clinic.id) : undefined;
        refuse({
          ...(input.referrer && !referrer ? { 'referrer.id': [M.referrer] } : {}),
          ...(input.clinic && !clinic ? { 'clinic.id': [M.clinic] } : {}),
        });
        const location =
          referrer && clinic
            ? await findReferrerLocation(tx, { referrerId: referrer.id, clinicId: clinic.id })
            : undefined;
        const fields = {
          referrerId: referrer?.id ?? null,
          clinicId: clinic?.id ?? null,
          referrerLocationId: location?.id ?? null,
          ...dateFields(input.referralDate),
        };

        const pm = practiceManagement(tx);
        let before: PmReferral | null = null;
        let after: PmReferral | undefined;
        if (input.referralId) {
          before = (await pm.getReferral(input.referralId)) ?? null;
          if (!before || before.clientId !== workflow.clientId)
            throw notFound('This referral does not exist.');
          after = await pm.updateReferral(input.referralId, fields);
        } else {
          after = await pm.createReferral(workflow.clientId, {
            ...fields,
            specialistId: workflow.specialistId,
          });
        }
        if (!after) throw notFound('This referral does not exist.');

        const ids = await copyReferralToWorkflows(
          tx,
          after.referralId,
          referralCopy(after, referrer),
          workflow.id,
        );
        return {
          result: await referralSummary(tx, after, ids),
          audit: [
            audit(actor, origin, {
              action: 'referral.updated',
              entityType: 'referral',
              entityId: after.referralId,
              details: {
                fields: changedFields(REFERRAL_FIELDS, before, after),
                created: !before,
                workflowId: workflow.id,
              },
            }),
          ],
          events: workflowChanged(ids),
        };
      });
    },

    /** The referral's dates, and the end-date copy on every workflow of that referral. */
    async updateReferralDate(
      actor: AuthContext,
      origin: RequestOrigin,
      input: UpdateReferralDate,
    ): Promise<ReferralSummary> {
      return write(async (tx) => {
        const workflow = await liveWorkflow(tx, input.id);
        refuseOffActiveList(workflow);
        if (workflow.referralId !== input.referralId)
          throw notFound('This referral does not belong to this workflow.');
        const pm = practiceManagement(tx);
        const before = await pm.getReferral(input.referralId);
        const after = before && (await pm.updateReferral(input.referralId, dateFields(input.referralDate)));
        if (!before || !after) throw notFound('This referral does not exist.');
        const ids = await copyReferralToWorkflows(tx, after.referralId, referralEndDateCopy(after));
        return {
          result: await referralSummary(tx, after, ids),
          audit: [
            audit(actor, origin, {
              action: 'referral.updated',
              entityType: 'referral',
              entityId: after.referralId,
              details: {
                fields: changedFields(REFERRAL_FIELDS, before, after),
                created: false,
                workflowId: workflow.id,
              },
            }),
          ],
          events: workflowChanged(ids),
        };
      });
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
