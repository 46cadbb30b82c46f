import { randomInt, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { as, nextIp, type TestUser } from './accounts.ts';
import { type Operation, type OperationParameter, operationUrl } from './openapi-operations.ts';
import { displayDate, type FilePart, multipart } from './pets.ts';
import type { TestApp } from './test-app.ts';

// The machinery of the ownership matrix (test/ownership-matrix.test.ts); its fixture table, which kinds of
// ids exist and how to make and read them, is test/support/id-kinds.ts.

/** The first user and their things, made on demand, for one operation of the matrix. */
export interface MatrixWorld {
  t: TestApp;
  owner: TestUser;
  /** The owner's ids of a kind of ID_KINDS, seeded through the API on first use. */
  ids(kind: string): Promise<string[]>;
}

/** What an answer looked like when the owner read something back, to compare before and after. */
export interface Reading {
  url: string;
  status: number;
  contentType: string | undefined;
  /** JSON parsed, text as text, anything else (file bytes) as base64. */
  body: unknown;
}

export interface OwnedIdKind {
  /** The parameters of this kind: a specific name (`pet_id`) or `<resource>.<name>` for a generic one. */
  params: readonly string[];
  /** Makes the owner's things of this kind through the API and returns their ids, as the parameter takes them. */
  seed(world: MatrixWorld): Promise<string[]>;
  /** The owner's view of one of them. */
  read(world: MatrixWorld, id: string): Promise<Reading[]>;
  /**
   * The id is itself the credential (a secret address): whoever holds it may use it, signed in or not. The
   * matrix then checks that the session changes nothing, and that the address answers like a missing one
   * once the owner has revoked it.
   */
  capability?: { revoke(world: MatrixWorld): Promise<void> };
}

export interface UnownedIdKind {
  params: readonly string[];
  /** Why ids of this kind belong to no user (the matrix leaves their routes alone). */
  notOwned: string;
}

export type IdKind = OwnedIdKind | UnownedIdKind;

export type RequestBody = { json: object } | { files: FilePart[] };

/** A request body for an operation that takes an id, keyed by its label (`PUT /v1/pet`). */
export type RequestBodies = Record<string, (world: MatrixWorld) => RequestBody | Promise<RequestBody>>;

export const isOwned = (kind: IdKind): kind is OwnedIdKind => !('notOwned' in kind);

/**
 * `pet_id`, `appt_id`, `id`, `fileKey`, `activation_code`, `token`, ... and every path parameter name a thing (a
 * code or a token names what it opens). An enum names a choice.
 */
const ID_NAME = /(?:^|_)(?:id|key|code|token)$|[a-z](?:Id|Key|Code)$/;

/**
 * The key a parameter is looked up by in ID_KINDS, or null when it names no thing. A name that says what it
 * names (`pet_id`) is its own key; a generic one (`id`, or any path parameter) is qualified by the first
 * path segment after the version: `pet.id` on `/v1/pet`, `files.id` on `/v1/files/{id}`.
 */
export function idParameterKey(operation: Operation, parameter: OperationParameter): string | null {
  if (parameter.enum) return null;
  const generic = parameter.in === 'path' || parameter.name === 'id' || parameter.name === 'key';
  if (!generic) return ID_NAME.test(parameter.name) ? parameter.name : null;
  const resource = operation.path.replace(/^\/v\d+\//, '').split('/')[0];
  return `${resource}.${parameter.name}`;
}

/** How the matrix calls one operation: which kind each id parameter takes, the choices of the others. */
export interface OperationPlan {
  operation: Operation;
  /** Parameter name -> kind name (owned kinds only). */
  ids: Record<string, string>;
  /** Parameter name -> the values of its enum, each tried. */
  choices: Record<string, string[]>;
  capability: boolean;
}

export type PlanResult =
  | { status: 'no-ids' }
  | { status: 'not-owned'; kinds: string[] }
  | { status: 'problems'; problems: string[] }
  | { status: 'plan'; plan: OperationPlan };

const KIND_TABLE = 'ID_KINDS in apps/api/test/support/id-kinds.ts';
const BODY_TABLE = 'REQUEST_BODIES in apps/api/test/support/id-kinds.ts';

/** Values of required parameters that are neither ids nor enums, by name: the day of a dose (issue 49). */
const PARAMETER_VALUES: Record<string, () => string[]> = {
  date: () => [displayDate(0)],
};

export function planOperation(
  operation: Operation,
  kinds: Record<string, IdKind>,
  bodies: RequestBodies,
): PlanResult {
  const kindOf = (key: string) => Object.entries(kinds).find(([, kind]) => kind.params.includes(key));
  const problems: string[] = [];
  const ids: Record<string, string> = {};
  const choices: Record<string, string[]> = {};
  const unowned = new Set<string>();
  for (const parameter of operation.parameters) {
    const key = idParameterKey(operation, parameter);
    if (key === null) {
      const values = PARAMETER_VALUES[parameter.name];
      if (parameter.enum) choices[parameter.name] = parameter.enum;
      else if (values) choices[parameter.name] = values();
      else if (parameter.required) {
        problems.push(
          `${operation.label}: the matrix has no value for the required parameter "${parameter.name}"; ` +
            'give it an enum in the route schema, or teach test/support/ownership-matrix.ts its values',
        );
      }
      continue;
    }
    // A key qualified by the operation (`PUT /v1/medical/allergy med_id`) picks a kind for that route alone.
    const found = kindOf(`${operation.label} ${key}`) ?? kindOf(key);
    if (!found) {
      problems.push(
        `${operation.label}: the id parameter "${parameter.name}" (key "${key}") has no kind in the ` +
          `ownership matrix: add "${key}" to the params of its kind in ${KIND_TABLE}, or a new kind with ` +
          'seed() and read() that make and read back the first user’s such thing through the API',
      );
      continue;
    }
    const [name, kind] = found;
    if (isOwned(kind)) ids[parameter.name] = name;
    else unowned.add(name);
  }
  if (problems.length > 0) return { status: 'problems', problems };
  if (Object.keys(ids).length === 0) {
    return unowned.size > 0 ? { status: 'not-owned', kinds: [...unowned] } : { status: 'no-ids' };
  }
  if (operation.hasBody && !bodies[operation.label]) {
    return {
      status: 'problems',
      problems: [
        `${operation.label} takes an id and a body: add a valid body for "${operation.label}" to ${BODY_TABLE}`,
      ],
    };
  }
  const capability = Object.values(ids).some((name) => (kinds[name] as OwnedIdKind).capability);
  return { status: 'plan', plan: { operation, ids, choices, capability } };
}

/** One request of an operation: the owner's ids, and random missing ones of the same shape. */
export interface MatrixCase {
  /** The URL with `<kind>` for each id, for messages. */
  label: string;
  owned: Record<string, string>;
  missing: Record<string, string>;
}

/** Every combination of the owner's ids (each of a kind's things) and of the enum parameters' values. */
export async function casesOf(plan: OperationPlan, world: MatrixWorld): Promise<MatrixCase[]> {
  // `shown` is what the label prints for each parameter: `<pet>`, `<file#2>`, or an enum's value.
  type Draft = Omit<MatrixCase, 'label'> & { shown: Record<string, string> };
  let drafts: Draft[] = [{ owned: {}, missing: {}, shown: {} }];
  const extend = (draft: Draft, parameter: string, owned: string, missing: string, shown: string): Draft => ({
    owned: { ...draft.owned, [parameter]: owned },
    missing: { ...draft.missing, [parameter]: missing },
    shown: { ...draft.shown, [parameter]: shown },
  });
  for (const [parameter, kind] of Object.entries(plan.ids)) {
    const ids = await world.ids(kind);
    drafts = drafts.flatMap((draft) =>
      ids.map((id, index) =>
        extend(draft, parameter, id, lookalike(id), `<${kind}${index > 0 ? `#${index + 1}` : ''}>`),
      ),
    );
  }
  for (const [parameter, values] of Object.entries(plan.choices)) {
    drafts = drafts.flatMap((draft) => values.map((value) => extend(draft, parameter, value, value, value)));
  }
  return drafts.map(({ owned, missing, shown }) => ({
    label: decodeURIComponent(operationUrl(plan.operation, shown)),
    owned,
    missing,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = (chars: string) => chars[randomInt(chars.length)]!;

/**
 * A random id of the same shape that names nothing: a UUID for a UUID, else the same classes of characters
 * (digits, lower and upper case letters) with the rest, and a file name's extension, kept.
 */
export function lookalike(id: string): string {
  if (UUID.test(id) || !/[0-9a-zA-Z]/.test(id)) return randomUUID();
  const dot = id.lastIndexOf('.');
  const stem = dot > 0 ? id.slice(0, dot) : id;
  const extension = dot > 0 ? id.slice(dot) : '';
  const randomised = stem.replace(/[0-9a-zA-Z]/g, (c) =>
    /[0-9]/.test(c)
      ? pick('0123456789')
      : /[a-z]/.test(c)
        ? pick('abcdefghijklmnopqrstuvwxyz')
        : pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  );
  return randomised === stem ? lookalike(id) : `${randomised}${extension}`;
}

/** One request as `user` (bearer; null: no session), each from an address of its own (per-address limits). */
export function send(
  t: TestApp,
  user: TestUser | null,
  method: Operation['method'],
  url: string,
  body?: RequestBody,
): Promise<LightMyRequestResponse> {
  const auth = user ? as(user, 'bearer') : {};
  if (body && 'files' in body) {
    const form = multipart(body.files);
    return t.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  }
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: auth,
    ...(body ? { payload: body.json } : {}),
  });
}

/** What the matrix compares of two answers: status, type and the error's code, message and fields. */
export interface AnswerSummary {
  status: number;
  contentType: string | undefined;
  code?: unknown;
  message?: unknown;
  fields?: unknown;
}

export function summaryOf(response: LightMyRequestResponse): AnswerSummary {
  const contentType = response.headers['content-type']?.toString();
  const summary: AnswerSummary = { status: response.statusCode, contentType };
  if (contentType?.startsWith('application/json') && response.body) {
    const { code, message, fields } = response.json<Record<string, unknown>>();
    Object.assign(summary, { code, message, fields });
  }
  return summary;
}

export async function readAs(t: TestApp, user: TestUser | null, url: string): Promise<Reading> {
  const response = await send(t, user, 'GET', url);
  const contentType = response.headers['content-type']?.toString();
  const body = contentType?.startsWith('application/json')
    ? response.json()
    : contentType?.startsWith('text/')
      ? response.body
      : response.rawPayload.toString('base64');
  return { url, status: response.statusCode, contentType, body };
}

export function createWorld(t: TestApp, owner: TestUser, kinds: Record<string, IdKind>): MatrixWorld {
  const seeded = new Map<string, Promise<string[]>>();
  const world: MatrixWorld = {
    t,
    owner,
    ids(name) {
      const kind = kinds[name];
      if (!kind || !isOwned(kind))
        throw new Error(`ownership matrix: no owned id kind "${name}" in ${KIND_TABLE}`);
      let ids = seeded.get(name);
      if (!ids) {
        ids = kind.seed(world);
        seeded.set(name, ids);
      }
      return ids;
    },
  };
  return world;
}

/** Everything of the owner's that the table knows how to read, keyed by kind and id. */
export async function snapshotOf(
  world: MatrixWorld,
  kinds: Record<string, IdKind>,
): Promise<Record<string, Reading[]>> {
  const owned = Object.entries(kinds).filter(([, kind]) => isOwned(kind)) as [string, OwnedIdKind][];
  // Everything is made before anything is read: a read of the account shows every kind.
  for (const [name] of owned) await world.ids(name);
  const snapshot: Record<string, Reading[]> = {};
  for (const [name, kind] of owned) {
    for (const id of await world.ids(name)) snapshot[`${name} ${id}`] = await kind.read(world, id);
  }
  return snapshot;
}

/** Throws with the answer unless it is a success: seeding must work, or the matrix proves nothing. */
export async function succeeded(
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
  what: string,
): Promise<LightMyRequestResponse> {
  const answer = await response;
  if (answer.statusCode >= 300) {
    throw new Error(`ownership matrix: ${what} answered ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  }
  return answer;
}
