// Errors that mean "the database cannot be reached right now", not "this request went wrong": the error
// handler answers them 503 SERVICE_UNAVAILABLE with Retry-After, so clients and load balancers retry later
// instead of reporting a bug. The one place that knows what the drivers throw when the database is down.

/** Seconds a client should wait before retrying; a restarted database is usually back within this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs: class 08 (connection exception), 53300 (too many connections), 57P01-57P03 (shut down,
 * crashed, starting up), 57014 (cancelled: the statement timeout).
 */
const SQLSTATE = /^(?:08[0-9A-Z]{3}|53300|57P0[123]|57014)$/;
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What pg (connection and query timeouts, a dropped or discarded connection) and PGlite say instead. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
  'PGlite is closed',
];

/**
 * Why `error` (or an error it wraps: Drizzle puts the driver's error in `cause`) means the database is
 * unavailable: a SQLSTATE, a socket code or the driver's words. Undefined for any other error. Never the
 * statement or its parameters, so the reason can be logged.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATE.test(code) || SOCKET_CODES.has(code))) return code;
  const message = DRIVER_MESSAGES.find((m) => error.message.startsWith(m));
  if (message) return message;
  const inner = error instanceof AggregateError ? [error.cause, ...error.errors] : [error.cause];
  for (const wrapped of inner) {
    const reason = databaseUnavailableReason(wrapped, depth + 1);
    if (reason) return reason;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}
