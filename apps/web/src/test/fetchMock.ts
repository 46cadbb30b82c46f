import { SESSION_HINT_COOKIE } from '@pet/shared/constants';
import { vi } from 'vitest';

// A fake server for component tests: answers by "METHOD /path" and records every request. Like the real
// API (modules/auth/sessions/session-hint.ts) it keeps the signed-in hint cookie in step with the session: present
// from the start when the session probe answers a user, set by a sign-in, cleared by sign-out and by a 401.

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** Headers beside content-type (a service worker's marks on a kept answer). */
  headers?: Record<string, string>;
}

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);

export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/** The sign-ins whose success sets the session cookie, and with it the hint. */
const SIGN_IN_CALLS = new Set(['POST /api/auth/sign-in/email', 'POST /api/auth/one-time-token/verify']);

export function setSessionHint(present: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie too
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; path=/`
    : `${SESSION_HINT_COOKIE}=; max-age=0; path=/`;
}

function answerOf(handler: Handler | undefined, url: URL, body: unknown): MockAnswer {
  return typeof handler === 'function' ? handler({ url, body }) : (handler ?? { status: 404 });
}

/** What the real server's answer would do to the hint (session-hint.ts). */
function followHint(call: string, status: number): void {
  if (SIGN_IN_CALLS.has(call) && status >= 200 && status < 300) setSessionHint(true);
  else if (call === 'POST /api/auth/sign-out' && status < 300) setSessionHint(false);
  else if (status === 401 && call !== 'POST /api/auth/sign-in/email') setSessionHint(false);
}

export interface MockFetchOptions {
  /** Whether the browser starts with the hint; default: whether GET /v1/auth/myinfo answers a user now. */
  signedIn?: boolean;
}

export function mockFetch(handlers: Record<string, Handler>, options: MockFetchOptions = {}) {
  const requests: RecordedRequest[] = [];
  const myInfo = handlers['GET /v1/auth/myinfo'];
  const startsSignedIn =
    options.signedIn ??
    (myInfo !== undefined &&
      (answerOf(myInfo, new URL('http://localhost:3000/v1/auth/myinfo'), undefined).status ?? 200) < 300);
  setSessionHint(startsSignedIn);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, url, body });
    const call = `${method} ${url.pathname}`;
    const answer = answerOf(handlers[call], url, body);
    const status = answer.status ?? 200;
    followHint(call, status);
    const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : payload, {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    find: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** A signed-in, verified user as GET /v1/auth/myinfo answers it. */
export function fakeMyInfo(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    name: 'Anna Muster',
    email: 'anna@example.com',
    emailVerified: true,
    language: 'en',
    image_url: null,
    photoUrl: null,
    stay_loggedin: true,
    role: 'user',
    pets: [],
    product: null,
    product_associated: true,
    is_promo: false,
    is_gift: false,
    is_trial: false,
    trial_months: null,
    activation_code_type: null,
    tracker_ids: [],
    address_1: null,
    address_2: null,
    zipcode: null,
    city: null,
    country: null,
    phone: null,
    product_id: (overrides.product as { id?: string } | null | undefined)?.id ?? null,
    ...overrides,
  };
}
