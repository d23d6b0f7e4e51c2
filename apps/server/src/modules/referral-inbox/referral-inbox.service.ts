import { ErrorCode } from '@telecare/contracts/errors';
import {
  type RawReferralFile,
  ReferralDraftSchema,
  ReferralInboxText,
  UNIDENTIFIED_SPECIALITY,
} from '@telecare/contracts/referral-inbox';
import { referralDisplayName } from '@telecare/domain/referral-inbox';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { incomingReferralFiles } from '../../db/schema/index.ts';
import type { PracticeManagementFactory } from '../../integrations/practice-management/practice-management.ts';
import { type FileStorage, newStorageKey, readAll } from '../../integrations/storage/file-storage.ts';
import { enqueueJobs } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { readSetting } from '../settings/settings.queries.ts';
import type { ReceivedUpload } from '../storage/receive-upload.ts';
import { checkUpload } from '../storage/upload-check.ts';
import { extractionJob } from './extract-referral-text.ts';
import { emptyDraft } from './referral-draft.ts';
import { findInboxFile, listInboxFiles, type RawFileRow, specialityNames } from './referral-inbox.queries.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const toRawFile = (
  row: Pick<
    RawFileRow,
    'id' | 'fileName' | 'specialityName' | 'contentType' | 'createdAt' | 'extractionStatus'
  >,
): RawReferralFile => ({
  id: row.id,
  fileName: row.fileName,
  displayName: referralDisplayName(row.fileName),
  specialityName: row.specialityName,
  contentType: row.contentType,
  receivedAt: row.createdAt.toISOString(),
  extractionStatus: row.extractionStatus,
});

export type ReferralInboxDeps = {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  writeChange: ChangeWriter;
  practiceManagement: PracticeManagementFactory;
  maxUploadBytes: number;
  /** Called after an upload commits, so its extraction job runs at once. */
  onUploaded?: () => void;
};

/** The Referral Inbox (F1a): upload, list, view, delete. Answers 404 while the referralInbox flag is off. */
export function createReferralInboxService(deps: ReferralInboxDeps) {
  const { db, clock, storage, writeChange } = deps;

  async function requireEnabled() {
    if (!(await readSetting(db, 'referralInbox'))) throw new AppError(ErrorCode.notFound, 'Not found.');
  }

  async function requireFile(id: string) {
    if (!id) throw new AppError(ErrorCode.validation, ReferralInboxText.fileIdEmpty);
    const file = isUuid(id) ? await findInboxFile(db, id) : undefined;
    if (!file) throw new AppError(ErrorCode.notFound, ReferralInboxText.fileNotFound);
    return file;
  }

  async function auditView(auth: AuthContext, origin: RequestOrigin, file: RawFileRow) {
    await recordAudit(db, {
      action: 'referral-file.view',
      ...auditedBy(auth, origin),
      entityType: 'incoming_referral_file',
      entityId: file.id,
    });
  }

  return {
    requireEnabled,
    requireFile,

    async upload(auth: AuthContext, origin: RequestOrigin, upload: ReceivedUpload) {
      await requireEnabled();
      const checked = await checkUpload(upload.fileName, upload.bytes);
      const speciality = upload.fields.speciality?.trim().slice(0, 100) ?? '';
      const specialityName = speciality && speciality !== UNIDENTIFIED_SPECIALITY ? speciality : null;
      const storageKey = newStorageKey('referral-upload-working', upload.fileName, clock.now());
      await storage.put(storageKey, upload.bytes, checked.contentType);
      try {
        const row = await writeChange(async (tx) => {
          const [inserted] = await tx
            .insert(incomingReferralFiles)
            .values({
              fileName: upload.fileName,
              specialityName,
              storageKey,
              contentType: checked.contentType,
              uploadedBy: auth.user.uid,
            })
            .returning();
          if (!inserted) throw new Error('insert returned nothing');
          await enqueueJobs(tx, [extractionJob(inserted.id, clock.now())]);
          return {
            result: inserted,
            audit: [
              {
                action: 'referral-file.upload',
                ...auditedBy(auth, origin),
                entityType: 'incoming_referral_file',
                entityId: inserted.id,
                details: {
                  contentType: checked.contentType,
                  bytes: upload.bytes.length,
                  pages: checked.pages,
                },
              },
            ],
            events: [{ type: 'referrals.changed', ids: [inserted.id] }],
          };
        });
        deps.onUploaded?.();
        return toRawFile(row);
      } catch (err) {
        // Nothing left behind: the stored bytes go when the row could not be written.
        await storage.delete(storageKey).catch(() => undefined);
        throw err;
      }
    },

    async list(query: { speciality?: string | string[] | undefined; page: number; pageSize: number }) {
      await requireEnabled();
      const specialities = query.speciality === undefined ? [] : [query.speciality].flat();
      const { rows, total } = await listInboxFiles(db, {
        specialities,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        rows: rows.map(toRawFile),
        page: query.page,
        pageSize: query.pageSize,
        total,
        specialities: await specialityNames(db),
      };
    },

    async remove(auth: AuthContext, origin: RequestOrigin, id: string) {
      await requireEnabled();
      const file = await requireFile(id);
      await writeChange(async (tx) => {
        await tx
          .update(incomingReferralFiles)
          .set({ deletedAt: clock.now() })
          .where(eq(incomingReferralFiles.id, file.id));
        return {
          result: undefined,
          audit: [
            {
              action: 'referral-file.delete',
              ...auditedBy(auth, origin),
              entityType: 'incoming_referral_file',
              entityId: file.id,
            },
          ],
          events: [{ type: 'referrals.changed', ids: [file.id] }],
        };
      });
      return { id: file.id };
    },

    /** The file's bytes for the viewer (streamed) or the spec's base64 JSON; audited as a view. */
    async content(auth: AuthContext, origin: RequestOrigin, id: string) {
      await requireEnabled();
      const file = await requireFile(id);
      const body = await storage.get(file.storageKey);
      if (!body) throw new AppError(ErrorCode.notFound, ReferralInboxText.fileNotFound);
      await auditView(auth, origin, file);
      return { file, body };
    },

    async contentBase64(auth: AuthContext, origin: RequestOrigin, id: string) {
      const { file, body } = await this.content(auth, origin, id);
      return {
        id: file.id,
        fileName: file.fileName,
        contentType: file.contentType,
        body: (await readAll(body)).toString('base64'),
      };
    },

    /** The file's draft (empty until extraction is done) and whether its client exists already. */
    async draft(auth: AuthContext, origin: RequestOrigin, id: string) {
      await requireEnabled();
      const file = await requireFile(id);
      const draft = ReferralDraftSchema.parse(file.draft ?? emptyDraft(file));
      draft.letterFile = { id: file.id, name: file.fileName };
      const client = draft.client;
      const existing = client
        ? await deps.practiceManagement(db).findClient({
            firstName: client.firstName,
            lastName: client.lastName,
            dateOfBirth: client.dateOfBirth || null,
            medicareCardNumber: client.medicareCardNumber || null,
          })
        : undefined;
      await auditView(auth, origin, file);
      return {
        file: toRawFile(file),
        draft,
        clientExisting: existing ? ('Existing' as const) : ('' as const),
      };
    },
  };
}

export type ReferralInboxService = ReturnType<typeof createReferralInboxService>;
