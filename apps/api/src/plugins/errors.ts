import { isErrorTextKey } from '@pet/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableReason } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';
import { isMalformedMultipart } from '../lib/multipart-errors.ts';
import { loggedPath } from '../lib/redact.ts';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, isBusy } from '../modules/auth/passwords/hash-pool.ts';

// One error handler for the whole API: a known error answers `{ code, message, fields? }` with its status;
// anything else is logged and answers a bare 500 so no internals reach the client.

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/')[0];
  return name || '_';
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({
        code: 'VALIDATION_ERROR',
        message: 'Bad_Request_Text',
        fields: { file: 'Invalid_Value_Error' },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= isErrorTextKey(issue.message) ? issue.message : 'Invalid_Value_Error';
      }
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message: 'Bad_Request_Text', fields });
    }
    // The database is down or hangs (db/unavailable.ts): a temporary state, not a fault of the request.
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: 'SERVICE_UNAVAILABLE', message: 'Server_Down_Text' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
    }
    if (isBusy(error)) {
      // The password hash pool is full (modules/auth/passwords/hash-pool.ts): ask the client to come back shortly.
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'File_Too_Large_Error_Text' });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported_File_Type_Text' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): safe to name, never internals.
      const code =
        status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : 'VALIDATION_ERROR';
      return reply
        .status(status)
        .send({ code, message: status === 400 ? 'Bad_Request_Text' : error.message, fields: {} });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' });
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ path: loggedPath(request.url) }, 'no route');
    return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
