import { ErrorCode } from '@telecare/contracts/errors';
import { hasPermission, Permission } from '@telecare/domain/roles';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documents, workflows } from '../../db/schema/index.ts';
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
      const [found] = await db
        .select({ doc: documents, workflowDeletedAt: workflows.deletedAt })
        .from(documents)
        .leftJoin(workflows, eq(workflows.id, documents.workflowId))
        .where(and(eq(documents.id, id), eq(documents.kind, kind)))
        .limit(1);
      // A deleted workflow's files go with it, as its detail does: to IT staff only (decision 0016).
      const hidden = found?.workflowDeletedAt && !hasPermission(auth.user.role, Permission.workflowRestore);
      const doc = hidden ? undefined : found?.doc;
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
