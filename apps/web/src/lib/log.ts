import { apiPaths } from '@pet/shared/paths';
import { ApiError } from './api/ApiError.ts';
import { apiFetch } from './api/client.ts';

// Client failures go to POST /v1/log (spec 1 section 7) so they are seen without a user report. Reporting
// never throws and never reports itself.

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) {
    return { name: error.name, status: error.status, code: error.code, message: error.message };
  }
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack?.slice(0, 2000) };
  }
  return { value: String(error) };
}

export function reportClientError(log: string, error?: unknown): void {
  const body = {
    log: `${log} (${typeof location === 'undefined' ? '' : location.pathname})`.slice(0, 4000),
    platform: 'web',
    error: error === undefined ? undefined : describe(error),
  };
  apiFetch(apiPaths.log, { method: 'POST', body, ignoreUnauthorized: true }).catch(() => {});
}

/** Whether a failed call is worth a report: server faults and lost connections, not refusals. */
export function isReportable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}

export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) =>
    reportClientError('window.error', event.error ?? event.message),
  );
  window.addEventListener('unhandledrejection', (event) => {
    if (isReportable(event.reason)) reportClientError('unhandledrejection', event.reason);
  });
}
