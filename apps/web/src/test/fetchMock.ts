import { vi } from 'vitest';

// A fake server for component tests: answers by "METHOD /path" and records every request.

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);

export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

export function mockFetch(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? handler({ url, body }) : (handler ?? { status: 404 });
    const status = answer.status ?? 200;
    const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : payload, {
      status,
      headers: { 'content-type': 'application/json' },
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
    ...overrides,
  };
}
