import { API_ERROR_CODES, type ApiErrorCode, isErrorTextKey } from '@pet/shared';
import { isAPIError } from 'better-auth/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableReason } from '../db/unavailable.ts';
import {
  AppError,
  badRequest,
  frameworkRefusal,
  internalError,
  notFound,
  payloadTooLarge,
  rateLimited,
  relayedError,
  serviceUnavailable,
  unsupportedMediaType,
} from '../lib/errors.ts';
import { isMalformedMultipart } from '../lib/multipart-errors.ts';
import { loggedPath } from '../lib/redact.ts';
import { sendError } from '../lib/send-error.ts';

// One error handler for the whole API: every error it knows becomes an AppError and answers through
// `sendError` (lib/send-error.ts) as `{ code, message, fields? }` with its status and headers; anything else is
// logged and answers a bare 500 so no internals reach the client.

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/')[0];
  return name || '_';
}

const API_CODES = new Set<string>(API_ERROR_CODES);
const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === 'string' && API_CODES.has(value);

/**
 * better-auth's APIError made in the API's shape (a catalogue code and a text key: the hash pool's busy
 * refusal thrown inside better-auth and out of `auth.api` calls) as the AppError it stands for.
 */
function relayedAppError(error: unknown): AppError | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown; message?: unknown; fields?: unknown } | undefined;
  if (!isApiErrorCode(body?.code) || typeof body.message !== 'string') return undefined;
  const fields =
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  const headers = error.headers ? Object.fromEntries(new Headers(error.headers as HeadersInit)) : undefined;
  return relayedError(error.statusCode, body.code, body.message, fields, headers);
}

/** The AppError an error stands for, or undefined for a fault of ours (logged, answered 500). */
function appErrorOf(error: FastifyError, log: { warn(o: object, m: string): void }): AppError | undefined {
  if (error instanceof AppError) return error;
  if (isMalformedMultipart(error)) return badRequest({ file: 'Invalid_Value_Error' });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath);
      fields[name] ??= isErrorTextKey(issue.message) ? issue.message : 'Invalid_Value_Error';
    }
    return badRequest(fields);
  }
  // The database is down or hangs (db/unavailable.ts): a temporary state, not a fault of the request.
  const unavailable = databaseUnavailableReason(error);
  if (unavailable) {
    log.warn({ reason: unavailable }, 'database unavailable');
    return serviceUnavailable('Server_Down_Text', 503, DATABASE_RETRY_AFTER_SECONDS);
  }
  const relayed = relayedAppError(error);
  if (relayed) return relayed;
  const status = error.statusCode ?? 500;
  // The request limiter (plugins/rate-limit.ts) has set its own Retry-After already.
  if (status === 429) return rateLimited();
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
    return payloadTooLarge();
  }
  if (status === 415) return unsupportedMediaType();
  // Fastify's own client errors (malformed JSON, wrong content type): safe to name, never internals.
  if (status >= 400 && status < 500) return frameworkRefusal(status, error.message);
  return undefined;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = appErrorOf(error, request.log);
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, internalError());
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ path: loggedPath(request.url) }, 'no route');
    return sendError(reply, notFound());
  });
}

export default fp(errorsPlugin, { name: 'errors' });
