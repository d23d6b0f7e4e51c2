import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { DocumentService } from './documents.service.ts';
import { sendAttachment } from './send-file.ts';

const tags = ['documents'];
/** Any text: an id that names no file is a 404, as an unknown one is. */
const IdParams = z.object({ id: z.string().max(100) });

export function documentRoutes(documents: DocumentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referral-letters/:id',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            "The referral letter as a download (attachment); 404 'The file doesn't exist'. Audited.",
          params: IdParams,
        },
      },
      async (request, reply) =>
        sendAttachment(
          reply,
          await documents.download(
            requireAuth(request),
            originOf(request),
            request.params.id,
            'referral_letter',
          ),
        ),
    );
    app.get(
      '/api/gp-report/:id',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description: "The GP report as a download (attachment); 404 'The file doesn't exist'. Audited.",
          params: IdParams,
        },
      },
      async (request, reply) =>
        sendAttachment(
          reply,
          await documents.download(requireAuth(request), originOf(request), request.params.id, 'gp_report'),
        ),
    );
  };
}
