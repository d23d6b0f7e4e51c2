/**
 * Save into coreplus and Upload patient info (F1b). Each save writes, through the practice-management
 * adapter and in one transaction, everything it creates; the workflow step is separate and
 * idempotent per incoming referral (row lock + unique workflow_id), so a retry never makes two.
 */
import { ErrorCode } from '@telecare/contracts/errors';
import { type ReferralDraft, ReferralInboxText } from '@telecare/contracts/referral-inbox';
import { isClientSiteAllowed } from '@telecare/domain/client-rules';
import { saveReferralProblems, uploadPatientInfoProblems } from '@telecare/domain/referral-inbox';
import { referralEndDate } from '@telecare/domain/referral-rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  clinics,
  documents,
  incomingReferralFiles,
  incomingReferrals,
  referrers,
  sites,
  specialists,
} from '../../db/schema/index.ts';
import type {
  PmAddress,
  PracticeManagementFactory,
} from '../../integrations/practice-management/practice-management.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { openWorkflow } from '../workflows/open-workflow.ts';
import { lockInboxFile, type RawFileRow, waitForOtherClientCreations } from './referral-inbox.queries.ts';
import type { ReferralInboxService } from './referral-inbox.service.ts';

const TABLES = { specialists, clinics, referrers, sites } as const;

async function rowExists(db: Db, table: keyof typeof TABLES, id: string) {
  const source = TABLES[table];
  const [row] = await db.select({ id: source.id }).from(source).where(eq(source.id, id)).limit(1);
  return Boolean(row);
}

const orNull = (value: string | undefined | null) => (value ? value : null);

function refuseProblems(problems: string[]) {
  if (problems.length === 0) return;
  throw new AppError(ErrorCode.validation, problems.join('\n'), { referral: problems });
}

const address = (
  a: { streetAddress: string; suburb: string; postcode: string; state: string } | undefined,
): PmAddress => ({
  country: 'AUSTRALIA',
  streetAddress: orNull(a?.streetAddress),
  suburb: orNull(a?.suburb),
  postcode: orNull(a?.postcode),
  state: orNull(a?.state),
});

const clientMatch = (client: NonNullable<ReferralDraft['client']>) => ({
  firstName: client.firstName,
  lastName: client.lastName,
  dateOfBirth: client.dateOfBirth || null,
  medicareCardNumber: client.medicareCardNumber || null,
});

export function createReferralIntakeService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  practiceManagement: PracticeManagementFactory;
  inbox: ReferralInboxService;
}) {
  const { db, clock, writeChange, practiceManagement, inbox } = deps;

  async function inboxFileOf(draft: ReferralDraft) {
    const id = draft.letterFile?.id ?? '';
    if (!id) throw new AppError(ErrorCode.validation, ReferralInboxText.letterIdMissing);
    return inbox.requireFile(id);
  }

  /** Ids chosen in the form must name existing rows: a 400, never a failed insert. */
  async function requireKnownIds(draft: ReferralDraft) {
    const checks: [string | null | undefined, Parameters<typeof rowExists>[1], string][] = [
      [draft.referral?.practitionerId, 'specialists', 'The practitioner does not exist.'],
      [draft.clinic?.id, 'clinics', 'The clinic does not exist.'],
      [draft.referrer?.id, 'referrers', 'The referrer does not exist.'],
      [draft.location?.locationId, 'sites', 'The hospital does not exist.'],
    ];
    for (const [id, table, message] of checks) {
      if (id && !(await rowExists(db, table, id))) throw new AppError(ErrorCode.validation, message);
    }
    const siteId = draft.location?.locationId;
    if (siteId) {
      const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId)).limit(1);
      // AA §9: the referral-to-hospital selector excludes Anywhere Healthcare; so does the API.
      if (site && !isClientSiteAllowed(site.name)) {
        throw new AppError(ErrorCode.validation, 'Anywhere Healthcare can not be chosen as the hospital.');
      }
    }
  }

  /** Inside the save's transaction: the letter must still be in the inbox (404 once another save took it). */
  async function holdInboxFile(tx: Db, file: RawFileRow) {
    if (!(await lockInboxFile(tx, file.id)))
      throw new AppError(ErrorCode.notFound, ReferralInboxText.fileNotFound);
  }

  async function lockedIncomingReferral(tx: Db, id: string, kind: 'standard' | 'R') {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    const [row] = isUuid
      ? await tx.select().from(incomingReferrals).where(eq(incomingReferrals.id, id)).for('update')
      : [];
    if (!row || row.kind !== kind)
      throw new AppError(ErrorCode.notFound, 'The incoming referral does not exist.');
    return row;
  }

  /**
   * Files the letter to the client's record and records the incoming referral (Save or Upload
   * patient info); the raw file leaves the inbox. Answers the record's id.
   */
  async function recordIncomingReferral(
    tx: Db,
    input: {
      kind: 'standard' | 'R';
      file: RawFileRow;
      letterName: string;
      draft: ReferralDraft;
      clientId: string;
      referralId: string;
      createdBy: string;
    },
  ) {
    const { file } = input;
    const { documentId } = await practiceManagement(tx).attachClientFile(input.clientId, {
      kind: 'referral_letter',
      name: input.letterName,
      storageKey: file.storageKey,
      contentType: file.contentType,
    });
    const [record] = await tx
      .insert(incomingReferrals)
      .values({
        kind: input.kind,
        rawFileId: file.id,
        draft: input.draft,
        clientId: input.clientId,
        referralId: input.referralId,
        documentId,
        createdBy: input.createdBy,
      })
      .returning({ id: incomingReferrals.id });
    if (!record) throw new Error('incoming referral insert returned nothing');
    await tx
      .update(incomingReferralFiles)
      .set({ processedAt: clock.now() })
      .where(eq(incomingReferralFiles.id, file.id));
    return record.id;
  }

  /** The change of a recorded incoming referral: its audit row, and the inbox refreshes. */
  function recorded(
    auth: AuthContext,
    origin: RequestOrigin,
    action: string,
    id: string,
    rawFileId: string,
    details: Record<string, string>,
  ) {
    return {
      result: id,
      audit: [
        {
          action,
          ...auditedBy(auth, origin),
          entityType: 'incoming_referral',
          entityId: id,
          details: { rawFileId, ...details },
        },
      ],
      events: [{ type: 'referrals.changed' as const, ids: [rawFileId] }],
    };
  }

  /** Creates the workflow of an incoming referral once; a second call answers the first one's id. */
  async function createWorkflowOnce(
    auth: AuthContext,
    origin: RequestOrigin,
    id: string,
    kind: 'standard' | 'R',
  ) {
    await inbox.requireEnabled();
    const workflowId = await writeChange(async (tx) => {
      const incoming = await lockedIncomingReferral(tx, id, kind);
      if (incoming.workflowId) return { result: incoming.workflowId };
      const draft = incoming.draft as ReferralDraft;
      if (!incoming.clientId)
        throw new AppError(ErrorCode.validation, ReferralInboxText.clientOrReferralMissing);
      const referral = incoming.referralId
        ? await practiceManagement(tx).getReferral(incoming.referralId)
        : undefined;
      const [file] = incoming.rawFileId
        ? await tx
            .select()
            .from(incomingReferralFiles)
            .where(eq(incomingReferralFiles.id, incoming.rawFileId))
        : [];
      const now = clock.now();
      const workflow = await openWorkflow(tx, {
        clientId: incoming.clientId,
        createdBy: auth.user.uid,
        referralId: incoming.referralId,
        specialistId: draft.referral?.practitionerId ?? referral?.specialistId ?? null,
        siteId: draft.location?.locationId ?? null,
        specialityName: file?.specialityName ?? null,
        own: {
          creationTimestamp: now,
          category: draft.category || null,
          bookingStatusUpdatedAt: now,
          weeksToAppointment: draft.weeksToAppointment,
          isNewAppointment: kind === 'standard',
        },
      });
      if (!workflow) throw new AppError(ErrorCode.validation, ReferralInboxText.clientOrReferralMissing);
      await tx
        .update(incomingReferrals)
        .set({ workflowId: workflow.id })
        .where(eq(incomingReferrals.id, incoming.id));
      if (incoming.documentId) {
        await tx
          .update(documents)
          .set({ workflowId: workflow.id })
          .where(eq(documents.id, incoming.documentId));
      }
      return {
        result: workflow.id,
        audit: [
          {
            action: kind === 'standard' ? 'incoming-referral.workflow' : 'incoming-referral.workflow-r',
            ...auditedBy(auth, origin),
            entityType: 'workflow',
            entityId: workflow.id,
            details: { incomingReferralId: incoming.id },
          },
        ],
        events: [
          { type: 'workflow.changed', ids: [workflow.id] },
          { type: 'referrals.changed', ids: [incoming.id] },
        ],
      };
    });
    return { workflowId, message: ReferralInboxText.saved };
  }

  return {
    /** Save into coreplus: clinic and referrer when new, client (409 when it exists), referral, letter, record. */
    async save(auth: AuthContext, origin: RequestOrigin, draft: ReferralDraft) {
      await inbox.requireEnabled();
      refuseProblems(saveReferralProblems(draft));
      const { client, clinic, referrer, referral, letterFile } = draft as Required<{
        [K in keyof ReferralDraft]: NonNullable<ReferralDraft[K]>;
      }>;
      const file = await inboxFileOf(draft);
      await requireKnownIds(draft);
      if (await practiceManagement(db).findClient(clientMatch(client))) {
        throw new AppError(ErrorCode.conflict, ReferralInboxText.duplicateClient);
      }
      const id = await writeChange(async (tx) => {
        const pm = practiceManagement(tx);
        await holdInboxFile(tx, file);
        // The duplicate check again, inside the transaction that creates the client, after any other
        // save creating a client has committed.
        await waitForOtherClientCreations(tx);
        if (await pm.findClient(clientMatch(client))) {
          throw new AppError(ErrorCode.conflict, ReferralInboxText.duplicateClient);
        }
        const clinicId =
          clinic.id ??
          (
            await pm.createClinic({
              name: clinic.name,
              street: orNull(clinic.street),
              suburb: orNull(clinic.suburb),
              postcode: orNull(clinic.postcode),
              state: orNull(clinic.state),
              email: orNull(clinic.email),
              phone: orNull(clinic.phone),
              fax: orNull(clinic.fax),
            })
          ).clinicId;
        const referrerId =
          referrer.id ??
          (
            await pm.createReferrer(
              {
                title: orNull(referrer.title),
                firstName: referrer.firstName,
                lastName: referrer.lastName,
                providerNumber: orNull(referrer.providerNumber),
                phone: orNull(referrer.phone),
                mobile: orNull(referrer.mobile),
                email: orNull(referrer.email),
                fax: orNull(referrer.fax),
              },
              { clinicId, providerNumber: orNull(referrer.providerNumber) },
            )
          ).referrerId;
        const created = await pm.createClient({
          urn: orNull(client.urn),
          title: null,
          firstName: client.firstName,
          lastName: client.lastName,
          dateOfBirth: client.dateOfBirth,
          gender: null,
          clientGroupId: null,
          practitionerId: referral.practitionerId,
          email: orNull(client.email),
          phoneNumberMobile: orNull(client.phoneNumberMobile),
          phoneNumberHome: orNull(client.phoneNumberHome),
          phoneNumberWork: null,
          phoneNumberFax: null,
          addressResidential: address(client.addressResidential),
          addressPostal: address(undefined),
          postalSameAsResidential: true,
          medicareCardNumber: orNull(client.medicareCardNumber),
          medicareCardIrn: orNull(client.medicareCardIRN),
          dvaCardNumber: orNull(client.dvaCardNumber),
        });
        const startDate = referral.startDate;
        const expiredDate = referral.expiredDateByMonth === null ? referral.expiredDate : null;
        const createdReferral = await pm.createReferral(created.clientId, {
          referrerId,
          clinicId,
          referrerLocationId: null,
          specialistId: referral.practitionerId,
          startDate,
          expiredDate,
          expiredDateByMonth: referral.expiredDateByMonth,
          endDate: referralEndDate(startDate, expiredDate, referral.expiredDateByMonth),
        });
        const id = await recordIncomingReferral(tx, {
          kind: 'standard',
          file,
          letterName: letterFile.name,
          draft,
          clientId: created.clientId,
          referralId: createdReferral.referralId,
          createdBy: auth.user.uid,
        });
        return recorded(auth, origin, 'incoming-referral.save', id, file.id, {
          clientId: created.clientId,
          referralId: createdReferral.referralId,
        });
      });
      return { id };
    },

    createWorkflow: (auth: AuthContext, origin: RequestOrigin, id: string) =>
      createWorkflowOnce(auth, origin, id, 'standard'),

    /** Upload patient info: the letter filed to an existing client and their latest referral ('R'). */
    async saveR(auth: AuthContext, origin: RequestOrigin, draft: ReferralDraft) {
      await inbox.requireEnabled();
      refuseProblems(uploadPatientInfoProblems(draft));
      const client = draft.client as NonNullable<ReferralDraft['client']>;
      const letterFile = draft.letterFile as NonNullable<ReferralDraft['letterFile']>;
      const file = await inboxFileOf(draft);
      const id = await writeChange(async (tx) => {
        const pm = practiceManagement(tx);
        await holdInboxFile(tx, file);
        const existing = await pm.findClient({ ...clientMatch(client), medicareCardNumber: null });
        const referral = existing ? await pm.findReferral(existing.clientId) : undefined;
        if (!existing || !referral)
          throw new AppError(ErrorCode.validation, ReferralInboxText.clientOrReferralMissing);
        const id = await recordIncomingReferral(tx, {
          kind: 'R',
          file,
          letterName: letterFile.name,
          draft,
          clientId: existing.clientId,
          referralId: referral.referralId,
          createdBy: auth.user.uid,
        });
        return recorded(auth, origin, 'incoming-referral.save-r', id, file.id, {
          clientId: existing.clientId,
        });
      });
      return { id };
    },

    createRWorkflow: (auth: AuthContext, origin: RequestOrigin, id: string) =>
      createWorkflowOnce(auth, origin, id, 'R'),
  };
}

export type ReferralIntakeService = ReturnType<typeof createReferralIntakeService>;
