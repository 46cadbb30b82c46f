/** A failed call: `status` 0 means no answer (network failure or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The ApiError for a failed answer: the API's `{ code, message, fields }` body where there is one; anything
 * else (a proxy's page, an empty body) leaves the status to decide the message.
 */
export function apiErrorFromAnswer(status: number, statusText: string, body: unknown): ApiError {
  let code = `HTTP_${status}`;
  let message = statusText;
  let fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; message?: unknown; fields?: unknown };
    if (typeof b.code === 'string') code = b.code;
    if (typeof b.message === 'string') message = b.message;
    if (b.fields && typeof b.fields === 'object') fields = b.fields as Record<string, string>;
  }
  return new ApiError(status, code, message, fields);
}
