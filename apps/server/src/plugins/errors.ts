import { ErrorCode, type ErrorResponse } from '@telecare/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isBadValueForDatabase,
  isDatabaseUnavailable,
  isServerBusy,
  sqlStateOf,
} from '../db/database-errors.ts';
import { AppError } from '../lib/app-error.ts';

const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Nothing was saved by this request; please try again in a moment.';
const SERVER_BUSY_MESSAGE =
  'The server is busy right now. Nothing was saved by this request; please try again in a moment.';

function fieldErrorsOf(issues: { instancePath: string; message?: string | undefined }[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message ?? 'Not valid.'];
  }
  return fieldErrors;
}

/** One place that turns every thrown error into `{ code, message, fieldErrors? }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorResponse;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: ErrorCode.validation,
        message: 'Some fields are not valid.',
        fieldErrors: fieldErrorsOf(error.validation),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = {
        code:
          status === 404
            ? ErrorCode.notFound
            : status === 429
              ? ErrorCode.tooManyAttempts
              : ErrorCode.validation,
        message:
          status === 415
            ? 'Unsupported content type.'
            : status === 413
              ? 'The request is too large.'
              : 'The request is not valid.',
      };
    } else if (isServerBusy(error)) {
      // Before isDatabaseUnavailable: a full pool or no turn to write is not an unreachable database.
      request.log.warn({ code: ErrorCode.busy }, 'server busy');
      status = 503;
      body = { code: ErrorCode.busy, message: SERVER_BUSY_MESSAGE };
      reply.header('Retry-After', '1');
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: ErrorCode.unavailable }, 'database unavailable');
      status = 503;
      body = { code: ErrorCode.unavailable, message: DATABASE_UNAVAILABLE_MESSAGE };
    } else if (isBadValueForDatabase(error)) {
      // A value the checks let through but the database cannot store: the request's fault, not ours.
      request.log.warn({ sqlState: sqlStateOf(error) }, 'value refused by the database');
      status = 400;
      body = { code: ErrorCode.validation, message: 'A value in the request is out of range or not valid.' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: ErrorCode.internal, message: 'Something went wrong, please try again later.' };
    }
    if (status >= 400 && status < 500) request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: ErrorCode.notFound,
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}
