import type { ErrorBody } from '../../../lib/send-error.ts';

// better-auth answers a refused call in its own shapes: `{ code, message }`, `{ message }` alone, or no body.
// The relay (auth-relay.ts) passes its 4xx answers on in the API's `{ code, message, fields? }` shape:
// better-auth's code stays (the web app tells sign-in failures apart by it), a missing one comes from the
// status, and a 400 names its fields from better-auth's "[body.<field>] ..." (or "[query.<field>]") messages.

const CODE_BY_STATUS: Record<number, string> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

function fieldsOf(message: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of message.matchAll(/\[(?:body|query)\.(\w+)/g))
    fields[match[1] as string] = 'Invalid_Value_Error';
  return fields;
}

/** The API's error body for a 4xx answer of better-auth with the given bytes. */
export function betterAuthErrorBody(status: number, payload: Buffer): ErrorBody {
  let parsed: { code?: unknown; message?: unknown; fields?: unknown } = {};
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // no body, or not JSON: the status speaks
  }
  const code = typeof parsed.code === 'string' ? parsed.code : (CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR');
  const message = typeof parsed.message === 'string' ? parsed.message : 'Bad_Request_Text';
  if (status !== 400) return { code, message };
  // Our own hooks inside better-auth (a common password) already name their fields in our shape.
  const own = isFieldMap(parsed.fields) ? parsed.fields : {};
  return { code, message, fields: { ...fieldsOf(message), ...own } };
}

function isFieldMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}
