// The log's serializer of `err` (app.ts). A failed query's error carries the SQL and its parameters
// (Drizzle's "Failed query: ... params: ...", PostgreSQL's detail "Key (email)=(...)", a message quoting the
// value): names, e-mail addresses, postal addresses. An error with a database error anywhere in its cause
// chain is therefore logged as its class, SQLSTATE code and constraint only; other errors as usual.

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

export function serializeError(value: Error): LoggedError {
  if (!(value instanceof Error)) return { type: typeof value, message: String(value), stack: '' };
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
  return {
    type: value.constructor.name,
    message: value.message,
    stack: value.stack ?? '',
    ...(code !== undefined ? { code } : {}),
    ...(value.cause instanceof Error ? { cause: serializeError(value.cause) } : {}),
  };
}
