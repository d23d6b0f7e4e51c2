import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { UploadText } from './upload-check.ts';

export type ReceivedUpload = { fileName: string; bytes: Buffer; fields: Record<string, string> };

/**
 * The one file of a multipart request, held in memory up to `maxBytes` (413 beyond), with the text
 * fields sent before it.
 */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError(ErrorCode.validation, 'Send the file as multipart/form-data.');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000 } });
  if (!part) throw new AppError(ErrorCode.validation, 'The file is missing.');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.fileTooLarge, UploadText.tooLarge(maxBytes));
    }
    throw err;
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return { fileName: part.filename, bytes, fields };
}
