import type { ApiErrorCode } from '@pet/shared';

/**
 * The one error type of the API. `message` is a text key of the shared catalogue where one exists, so the
 * web app can show it in the user's language; `fields` maps request fields to text keys.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = 'Not_Found_Text') => new AppError(404, 'NOT_FOUND', message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden_Text') => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (fields: Record<string, string>, message = 'Bad_Request_Text') =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
