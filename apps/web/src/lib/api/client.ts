import { API_TIMEOUT_MS } from '@pet/shared/constants';
import { noteReadAnswer } from '../offline/offlineData.ts';
import { ApiError, apiErrorFromAnswer } from './ApiError.ts';

// The one way the app talks to the server: same origin, cookies included, JSON in and out, errors turned
// into ApiError. Spec 1 section 7: GET and DELETE give up after 30 s.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller handles a 401 itself (the session probe, sign-in calls) instead of the global sign-out. */
  ignoreUnauthorized?: boolean;
}

let unauthorizedHandler: (() => void) | null = null;

/** Set once by the app: what happens when a /v1 call answers 401 (clear the cache, go to /). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** A /v1 call answered 401 outside apiFetch (the XHR uploads): the same sign-out as apiFetch's. */
export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

/** The address a call goes to, as apiFetch builds it (the service worker keeps answers by it). */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function combineSignals(signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return AbortSignal.any(present);
}

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return apiErrorFromAnswer(response.status, response.statusText, body);
}

/** Sends the call; a failed answer becomes an ApiError (and a 401 signs out), a good one is returned. */
async function send(path: string, options: ApiFetchOptions, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const timeoutMs =
    options.timeoutMs ?? (method === 'GET' || method === 'DELETE' ? API_TIMEOUT_MS : undefined);
  const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
  const headers: Record<string, string> = { Accept: accept };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: combineSignals([options.signal, timeout]),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const timedOut = timeout?.aborted === true;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', timedOut ? 'Timeout' : 'Network error');
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && path.startsWith('/v1/') && !options.ignoreUnauthorized) {
      notifyUnauthorized();
    }
    throw error;
  }
  // A read the service worker answered from its cache (no network): the page says what it shows.
  if (method === 'GET') noteReadAnswer(response);
  return response;
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A plain-text answer (rare: a proxy or a file) is passed on as it is.
    return text as T;
  }
}

/**
 * A file the page saves itself (a PDF): read whole into a Blob, so the page can show a busy state and a
 * failure without leaving. Failures are the same ApiError as apiFetch's (the error body is JSON).
 */
export async function apiFetchBlob(path: string, options: ApiFetchOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}

/**
 * The answer itself, for a caller that tells successes apart (200 or 202) or reads a long body with progress
 * (the account's export). Failures are the same ApiError as apiFetch's.
 */
export function apiFetchResponse(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  return send(path, options, '*/*');
}
