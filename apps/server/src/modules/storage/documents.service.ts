import { ErrorCode } from '@telecare/contracts/errors';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documents } from '../../db/schema/index.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const FILE_NOT_FOUND = "The file doesn't exist";

/** The referral-letter and GP-report downloads (SW §7); every download is audited as an export. */
export function createDocumentService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  return {
    async download(
      auth: AuthContext,
      origin: RequestOrigin,
      id: string,
      kind: 'referral_letter' | 'gp_report',
    ) {
      if (!isUuid(id)) throw new AppError(ErrorCode.notFound, FILE_NOT_FOUND);
      const [doc] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.kind, kind)))
        .limit(1);
      const body = doc ? await storage.get(doc.storageKey) : undefined;
      if (!doc || !body) throw new AppError(ErrorCode.notFound, FILE_NOT_FOUND);
      await recordAudit(db, {
        action: 'document.export',
        actorUserId: auth.user.uid,
        actorRole: auth.user.role,
        ipAddress: origin.ipAddress,
        entityType: 'document',
        entityId: doc.id,
        details: { kind, workflowId: doc.workflowId },
      });
      return { name: doc.name, contentType: doc.contentType, body };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
