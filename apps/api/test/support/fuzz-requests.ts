import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { jpeg, multipart } from './pets.ts';

// Requests for the fuzz suite (test/fuzz/), built from the app's OpenAPI document at test time, so a route
// added later is fuzzed without a line here: for every operation, values that look valid by its schema,
// mixed with hostile ones (NUL, lone surrogates, huge strings and numbers, arrays for scalars, prototype
// keys), broken JSON, wrong content types, malformed multipart and oversized bodies.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  signedIn: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: unknown; security?: unknown }>
  >;
}

/** Every operation of the document (app.swagger()). */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const requestBody = operation.requestBody as
        | { content?: Record<string, { schema?: JsonSchema }> }
        | undefined;
      return {
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: requestBody?.content?.['application/json']?.schema,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
      };
    }),
  );
}

const HOSTILE_STRINGS = [
  '\u0000',
  'Rex\u0000',
  '\ud800',
  'a\udc00b',
  '\ud83d',
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '🐶'.repeat(40),
  'x'.repeat(5_000),
  '__proto__',
  'constructor',
];
const HOSTILE_OTHERS: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  1.5,
  true,
  null,
  [],
  ['a', 'b'],
  [null],
  {},
  { __proto__: null, toString: 'x' },
];

/** A value no schema should accept as it is. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_OTHERS) },
  // Huge strings are rare: each costs the parse of 200 kB.
  { weight: 1, arbitrary: fc.constant('y'.repeat(200_000)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Dates and times the API reads as dd.MM.yyyy and HH:mm, in and out of range. */
const DATES = ['01.02.2020', '24.12.2031', '31.02.2024', '2024-01-01', '00.00.0000', '29.02.2023'];
const TIMES = ['10:30', '00:00', '23:59', '24:00', '9:5', '10:30:00'];

/** A value that looks valid by the schema (names steer dates, times, e-mails and ids). */
export function plausible(schema: JsonSchema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  const base = plausibleNonNull(schema, name, ids);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function plausibleNonNull(schema: JsonSchema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => plausible(alternative, name, ids)));
  }
  const type = types(schema)[0];
  if (type === 'string') {
    if (/date/i.test(name)) return fc.constantFrom(...DATES);
    if (/time/i.test(name)) return fc.constantFrom(...TIMES);
    if (/email/i.test(name)) return fc.emailAddress();
    if (/(^|_)id$|^id$/i.test(name) && ids.length > 0) return fc.oneof(fc.constantFrom(...ids), fc.uuid());
    const maxLength = Math.min(schema.maxLength ?? 40, 60);
    return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
  }
  if (type === 'integer') return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
  if (type === 'number') {
    return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') {
    const item = schema.items ?? {};
    return fc.array(value(item, name, ids), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
  }
  if (type === 'object' || schema.properties) {
    const properties = schema.properties ?? {};
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries(properties)) record[key] = value(property, key, ids);
    return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** Mostly plausible, sometimes hostile, at every level. */
export function value(schema: JsonSchema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: plausible(schema, name, ids) }, { weight: 1, arbitrary: hostile });
}

/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as the bytes a sloppy client sends. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function asText(item: unknown): string {
  return typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, item] of Object.entries(values)) {
    if (item === undefined) continue;
    // An array for a scalar arrives as the name repeated.
    for (const one of Array.isArray(item) ? item : [item]) parts.push(`${name}=${encode(asText(one))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Path segments a router or URL decoder may stumble on. */
const RAW_SEGMENTS = ['%00', '%E0%A4%A', '%ED%A0%80', '..', '%2e%2e%2f', '%', 'a%2Fb'];

type Body = { payload?: string | Buffer; contentType?: string };

const MULTIPART_IMAGE = multipart([{ filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg(512) }]);

function bodies(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<Body> {
  const json = schema ? value(schema, 'body', ids) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    {
      weight: 24,
      arbitrary: json.map((item) => ({
        payload: JSON.stringify(item) ?? '',
        contentType: 'application/json',
      })),
    },
    {
      weight: 6,
      // Prototype keys as the JSON text has them (an object literal would not keep `__proto__` as a key).
      arbitrary: fc
        .tuple(
          json,
          fc.constantFrom('"__proto__":{"role":"admin"}', '"constructor":{"prototype":{"role":"admin"}}'),
        )
        .map(([item, poison]) => {
          const text = JSON.stringify(item) ?? '';
          const payload =
            text.startsWith('{') && text !== '{}' ? `{${poison},${text.slice(1)}` : `{${poison}}`;
          return { payload, contentType: 'application/json' };
        }),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Body>(
        { payload: '{"name":', contentType: 'application/json' },
        { payload: '[1,2', contentType: 'application/json' },
        { payload: 'null', contentType: 'application/json' },
        { payload: '"\\u0000"', contentType: 'application/json' },
        { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
        { payload: '\u0000\u0001', contentType: 'application/json' },
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          json,
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png'),
        )
        .map(([item, contentType]) => ({ payload: JSON.stringify(item) ?? '', contentType })),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Body>(
        { payload: MULTIPART_IMAGE.payload, contentType: MULTIPART_IMAGE.headers['content-type'] },
        {
          payload: MULTIPART_IMAGE.payload.subarray(0, 200),
          contentType: MULTIPART_IMAGE.headers['content-type'],
        },
        { payload: MULTIPART_IMAGE.payload, contentType: 'multipart/form-data; boundary=wrong' },
        { payload: MULTIPART_IMAGE.payload, contentType: 'multipart/form-data' },
      ),
    },
    { weight: 2, arbitrary: fc.constant<Body>({}) },
    // Past the 1 MB body limit: rare, each costs the copy of 1 MB.
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        payload: `{"a":"${'z'.repeat(1_100_000)}"}`,
        contentType: 'application/json',
      }),
    },
  );
}

export type Credentials = 'bearer' | 'cookie' | 'none';

export interface FuzzRequest {
  method: string;
  url: string;
  body: Body;
  credentials: Credentials;
}

/** Requests for one operation; `ids` are the signed-in user's own ids, so some requests reach real rows. */
export function requestsFor(operation: Operation, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query') {
      query[parameter.name] = value(parameter.schema, parameter.name, ids);
      if (parameter.required) required.push(parameter.name);
    } else if (parameter.in === 'path') {
      path[parameter.name] = fc.oneof(
        {
          weight: 5,
          arbitrary: value(parameter.schema, parameter.name, ids).map((item) => encode(asText(item))),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
      );
    }
  }
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  return fc
    .record({
      query: fc.record(query, { requiredKeys: required }),
      path: fc.record(path),
      body: hasBody ? bodies(operation.body, ids) : fc.constant<Body>({}),
      credentials: fc.constantFrom<Credentials>('bearer', 'cookie', 'none'),
    })
    .map(({ query: queryValues, path: pathValues, body, credentials }) => {
      const pathname = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => pathValues[name] ?? '');
      return {
        method: operation.method,
        url: `${pathname}${queryString(queryValues)}`,
        body,
        credentials,
      };
    });
}

/** The inject options of a request, with the user's credentials as asked. */
export function injectOptions(
  request: FuzzRequest,
  user: { cookie: string; token: string },
  origin: string,
  remoteAddress: string,
): InjectOptions {
  const headers: Record<string, string> = {};
  if (request.credentials === 'bearer') headers.authorization = `Bearer ${user.token}`;
  if (request.credentials === 'cookie') {
    headers.cookie = user.cookie;
    headers.origin = origin;
  }
  if (request.body.contentType) headers['content-type'] = request.body.contentType;
  return {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    remoteAddress,
    ...(request.body.payload !== undefined ? { payload: request.body.payload } : {}),
  };
}
