import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, internalError } from './errors.ts';
import { errorBody, sendError } from './send-error.ts';

// What Fastify and Node's HTTP parser answer on their own, before any route or the error handler
// (plugins/errors.ts) sees the request: a URL that cannot be decoded (FST_ERR_BAD_URL, whose default
// message echoes the path), headers too large (431), broken chunked encoding or other unparsable HTTP. Both
// answer in the API's `{ code, message, fields }` shape and never echo what was sent. Fastify options, so
// app.ts passes them to the constructor.

/** Fastify's `frameworkErrors`: errors met while routing a request (bad URL, async constraints). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status < 500) {
    sendError(reply, badRequest({}));
    return;
  }
  request.log.error({ err: error }, 'routing failed');
  sendError(reply, internalError());
}

/** The HTTP parser's status for its error code (Node names them HPE_* and ERR_HTTP_*). */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** Fastify's `clientErrorHandler`: the socket's request could not even be parsed. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  // Written on the socket itself: there is no reply to send through.
  const body = JSON.stringify(errorBody(badRequest({})));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
