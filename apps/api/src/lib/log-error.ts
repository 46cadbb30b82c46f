// The log's serializer of `err` (app.ts). A failed query's error carries the SQL and its parameters
// (Drizzle's "Failed query: ... params: ...", PostgreSQL's detail "Key (email)=(...)", a message quoting the
// value): names, e-mail addresses, postal addresses. An error with a database error anywhere in its cause
// chain is therefore logged as its class, SQLSTATE code and constraint only; other errors as usual. Every
// line names its cause (a thrown object that is not an Error as its JSON, an AggregateError by its errors)
// and stays bounded: a message or stack can quote what a request sent (issue 47).
import { boundedText } from './redact.ts';

/** The longest message and stack a log line keeps of an error. */
const MESSAGE_CHARS = 1_000;
const STACK_CHARS = 4_000;
/** Of an AggregateError (a connection refused on every address), the errors a line names. */
const AGGREGATED_KEPT = 3;
const MAX_DEPTH = 4;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  constraint?: string;
}

/** PostgreSQL's error (node-postgres and PGlite alike): a SQLSTATE code and a severity. */
function isPostgresError(error: Error): error is Error & { code: string; constraint?: string } {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** Drizzle's wrapper of a failed query. */
function isQueryError(error: Error): boolean {
  return 'query' in error && 'params' in error;
}

function causes(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

export function serializeError(value: Error, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    const type = value === null ? 'null' : typeof value;
    return { type, message: value === undefined ? '' : boundedText(value, MESSAGE_CHARS), stack: '' };
  }
  const chain = causes(value);
  if (chain.some((error) => isPostgresError(error) || isQueryError(error))) {
    const postgres = chain.find(isPostgresError);
    return {
      type: value.constructor.name,
      message: 'query failed (SQL and parameters are not logged)',
      stack: '',
      ...(postgres ? { code: postgres.code } : {}),
      ...(postgres?.constraint ? { constraint: postgres.constraint } : {}),
    } satisfies LoggedError;
  }
  const { code } = value as { code?: unknown };
  const aggregated = value instanceof AggregateError ? value.errors.slice(0, AGGREGATED_KEPT) : [];
  return {
    type: value.constructor.name,
    message: boundedText(messageOf(value), MESSAGE_CHARS),
    stack: boundedText(value.stack ?? '', STACK_CHARS),
    ...(code !== undefined ? { code } : {}),
    // A cause chain can loop (an error its own cause): a few levels are enough to name it.
    ...(value.cause !== undefined && depth < MAX_DEPTH
      ? { cause: serializeError(value.cause as Error, depth + 1) }
      : {}),
    ...(aggregated.length > 0 && depth < MAX_DEPTH
      ? { errors: aggregated.map((error) => serializeError(error, depth + 1)) }
      : {}),
  };
}

/** An error's own message, or its errors' when it has none (an AggregateError's is often empty). */
function messageOf(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError) {
    return error.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  }
  return '';
}

/**
 * The cause of a failure in a few words, for a log line's message: the error's class and message (code
 * included), or a thrown object's JSON; bounded. A message without its cause ("job queue error") tells an
 * operator nothing during an outage.
 */
export function describeError(value: unknown): string {
  const logged = serializeError(value as Error);
  const code = logged.code !== undefined ? ` (${String(logged.code)})` : '';
  return boundedText(`${logged.type}${code}: ${logged.message || 'no message'}`, 300);
}
