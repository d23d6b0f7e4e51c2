import {
  CreatedWorkflowSchema,
  CreateRWorkflowSchema,
  CreateWorkflowFromReferralSchema,
  IncomingReferralIdSchema,
  RawReferralDraftResponseSchema,
  RawReferralFileContentSchema,
  RawReferralFileSchema,
  RawReferralListQuerySchema,
  RawReferralListResponseSchema,
  SaveIncomingReferralSchema,
} from '@telecare/contracts/referral-inbox';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import { receiveUpload } from '../storage/receive-upload.ts';
import { sendAttachment } from '../storage/send-file.ts';
import type { ReferralInboxService } from './referral-inbox.service.ts';
import type { ReferralIntakeService } from './referral-intake.service.ts';

const tags = ['referral-inbox'];
const access = Permission.workflowWrite;
const IdParams = z.object({ id: z.string().max(100) });
const FileIdParams = z.object({ fileId: z.string().max(100) });

/** The options of a read of one inbox file (audited as a view by the service). */
function fileRead<P extends z.ZodType, R extends Record<number, z.ZodType> = Record<never, never>>(
  description: string,
  params: P,
  response?: R,
) {
  return { config: { access }, schema: { tags, description, params, ...(response ? { response } : {}) } };
}

export function referralInboxRoutes(deps: {
  inbox: ReferralInboxService;
  intake: ReferralIntakeService;
  maxUploadBytes: number;
}): FastifyPluginAsyncZod {
  const { inbox, intake, maxUploadBytes } = deps;
  return async (app) => {
    app.post(
      '/api/admin/incoming-referrals/raw',
      {
        config: { access },
        schema: {
          tags,
          description:
            'Uploads one referral letter (multipart: a `speciality` field, then `file`). PDF or PNG only, checked by content; 413 over the size limit. Text extraction follows in the background.',
          response: { 200: RawReferralFileSchema },
        },
      },
      async (request) =>
        inbox.upload(requireAuth(request), originOf(request), await receiveUpload(request, maxUploadBytes)),
    );

    app.get(
      '/api/admin/incoming-referrals/raw',
      {
        config: { access },
        schema: {
          tags,
          description:
            "The inbox's files, newest first; `speciality` filters (repeatable; 'Unidentified' = none).",
          querystring: RawReferralListQuerySchema,
          response: { 200: RawReferralListResponseSchema },
        },
      },
      async (request) => inbox.list(request.query),
    );

    app.delete(
      '/api/admin/incoming-referrals/raw/:id',
      {
        config: { access },
        schema: {
          tags,
          description: 'Removes a raw referral file from the inbox (kept, marked deleted).',
          params: IdParams,
        },
      },
      async (request) => inbox.remove(requireAuth(request), originOf(request), request.params.id),
    );

    app.get(
      '/api/admin/incoming-referrals/raw/:id/draft',
      fileRead("The file's parsed draft and whether its client exists ('Existing').", IdParams, {
        200: RawReferralDraftResponseSchema,
      }),
      async (request) => inbox.draft(requireAuth(request), originOf(request), request.params.id),
    );

    app.get(
      '/api/admin/incoming-referrals/file/:fileId',
      fileRead("The file as base64 JSON (AA §7); 404 'The file doesn't exist'.", FileIdParams, {
        200: RawReferralFileContentSchema,
      }),
      async (request) => inbox.contentBase64(requireAuth(request), originOf(request), request.params.fileId),
    );

    app.get(
      '/api/admin/incoming-referrals/file/:fileId/content',
      fileRead('The file itself, streamed for the viewer (attachment, nosniff).', FileIdParams),
      async (request, reply) => {
        const { file, body } = await inbox.content(
          requireAuth(request),
          originOf(request),
          request.params.fileId,
        );
        return sendAttachment(reply, { name: file.fileName, contentType: file.contentType, body });
      },
    );

    app.post(
      '/api/admin/incoming-referrals',
      {
        config: { access },
        schema: {
          tags,
          description:
            "Save into coreplus: every check listed at once (400); 409 'The client is duplicated, please check in coreplus.' before anything is written.",
          body: SaveIncomingReferralSchema,
          response: { 200: IncomingReferralIdSchema },
        },
      },
      async (request) => intake.save(requireAuth(request), originOf(request), request.body.referral),
    );

    app.post(
      '/api/admin/incoming-referrals/workflow',
      {
        config: { access },
        schema: {
          tags,
          description:
            'Creates the workflow of a saved incoming referral; a repeat answers the same workflow.',
          body: CreateWorkflowFromReferralSchema,
          response: { 200: CreatedWorkflowSchema },
        },
      },
      async (request) =>
        intake.createWorkflow(requireAuth(request), originOf(request), request.body.incomingReferralId),
    );

    app.post(
      '/api/admin/incoming-referrals/r',
      {
        config: { access },
        schema: {
          tags,
          description:
            "Upload patient info: files the letter to an existing client's referral; 400 'The client or referral is not existing in Coreplus.'",
          body: SaveIncomingReferralSchema,
          response: { 200: IncomingReferralIdSchema },
        },
      },
      async (request) => intake.saveR(requireAuth(request), originOf(request), request.body.referral),
    );

    app.post(
      '/api/admin/incoming-referrals/workflow/r',
      {
        config: { access },
        schema: {
          tags,
          description:
            'Creates the review (R) workflow of an Upload-patient-info record; a repeat answers the same workflow.',
          body: CreateRWorkflowSchema,
          response: { 200: CreatedWorkflowSchema },
        },
      },
      async (request) =>
        intake.createRWorkflow(requireAuth(request), originOf(request), request.body.incomingReferralRId),
    );
  };
}
