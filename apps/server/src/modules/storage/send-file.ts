import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An ASCII fallback name for old clients; the full name goes in filename* (RFC 6266). */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_');

/**
 * Sends a stored file as a download: always an attachment, never sniffed, never run as a page,
 * whatever the bytes are.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; contentType: string; body: Readable },
) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
