import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StripeError } from './error.ts';
import { newId, type Params } from './objects.ts';

// The fake's HTTP face, as the real SDK meets Stripe's: form-encoded bodies (GET and DELETE parameters in the
// query string), the bearer key checked, Stripe-shaped errors, and Idempotency-Key honoured as Stripe does (a
// repeated key answers the stored response; the same key with other parameters is refused). A request goes to
// the resource route of its method and path, ids replaced by `:id` (`GET /v1/subscriptions/sub_:id`).

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Params;
}

/** What a resource's route gets: the id in its path, the parameters, and the two every route reads. */
export interface FakeRequest {
  objectId: string;
  params: Params;
  expand: string[];
  metadata: Record<string, string>;
}

/** A resource's routes by `METHOD /path` with ids as `<prefix>_:id`. */
export type Routes = Record<string, (request: FakeRequest) => unknown>;

/** Stripe's form encoding back to nested objects: `a[b][0]=x` → { a: { b: ['x'] } }. */
export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Params;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

function handle(routes: Routes, method: string, path: string, params: Params): unknown {
  const expand = ((params.expand ?? []) as string[]).map(String);
  const route = `${method} ${path.replace(/\/(sub_sched|cus|sub|in|pi|seti|pm|price)_\w+/g, '/$1_:id')}`;
  const objectId = /\/((?:sub_sched|cus|sub|in|pi|seti|pm|price)_\w+)/.exec(path)?.[1] ?? '';
  const metadata = (params.metadata ?? {}) as Record<string, string>;
  const serve = routes[route];
  if (!serve)
    throw new StripeError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  return serve({ objectId, params, expand, metadata });
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
};

export interface FakeStripeServer {
  server: Server;
  requests: RecordedRequest[];
  /** Forgets the idempotency keys, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
}

/** The server (not yet listening) that answers `routes` to requests bearing `secretKey`. */
export function fakeStripeServer(routes: Routes, secretKey: string): FakeStripeServer {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { params: string; status: number; body: unknown }>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      // The SDK sends GET and DELETE parameters in the query string, the others in the body.
      const raw = [url.search.slice(1), Buffer.concat(chunks).toString('utf8')].filter(Boolean).join('&');
      const params = decodeForm(raw);
      const header = req.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : null;
      requests.push({ method, path: url.pathname, idempotencyKey, params });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        reply(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      const replayKey = idempotencyKey && `${method} ${idempotencyKey}`;
      const stored = replayKey ? replies.get(replayKey) : undefined;
      if (stored) {
        if (stored.params !== raw) {
          reply(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        reply(res, stored.status, stored.body);
        return;
      }
      let status = 200;
      let body: unknown;
      try {
        body = handle(routes, method, url.pathname, params);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        body = {
          error: {
            type: error.type,
            ...(error.code ? { code: error.code } : {}),
            message: error.message,
            ...(error.param ? { param: error.param } : {}),
          },
        };
      }
      if (replayKey) replies.set(replayKey, { params: raw, status, body });
      reply(res, status, body);
    });
  });
  return { server, requests, forgetIdempotencyKeys: () => replies.clear() };
}
