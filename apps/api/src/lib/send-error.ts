import type { FastifyReply } from 'fastify';
import type { AppError } from './errors.ts';

// Every error answer of the API leaves through `sendErrorBody`: the error handler's (plugins/errors.ts),
// Fastify's own refusals (framework-errors.ts), the better-auth relay's and the sign-in route's. One shape,
// `{ code, message, fields? }`, with the headers its error carries (Retry-After).

export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** The body an AppError answers with. */
export function errorBody(error: AppError): ErrorBody {
  return { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
}

/** Answers with an error body, its status and headers. */
export function sendErrorBody(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): FastifyReply {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.status(status).send(body);
}

/** Answers with an AppError. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return sendErrorBody(reply, error.status, errorBody(error), error.headers);
}
