import type { FastifyInstance, HTTPMethods } from 'fastify';

// The API's operations as its OpenAPI document describes them (`app.swagger()`, built from the routes'
// zod schemas once the app is ready), for suites that must cover every route, including routes added later.

export interface OperationParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  /** The allowed values when the schema is an enum (`file_for=pet|user`). */
  enum?: string[];
}

export interface Operation {
  method: HTTPMethods;
  /** The OpenAPI path, with `{name}` for a path parameter: `/v1/files/{id}`. */
  path: string;
  /** `GET /v1/files/{id}`: how messages and tables name the operation. */
  label: string;
  parameters: OperationParameter[];
  /** Whether the document declares a request body (a multipart route may take one it does not declare). */
  hasBody: boolean;
}

/** The part of an OpenAPI 3 document read here. */
interface OpenApiDocument {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: unknown[] } }[];
        requestBody?: unknown;
      }
    >
  >;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as OpenApiDocument;
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const verb = method.toUpperCase() as HTTPMethods;
        return {
          method: verb,
          path,
          label: `${verb} ${path}`,
          parameters: (operation.parameters ?? [])
            .filter((p) => p.in === 'query' || p.in === 'path')
            .map((p) => ({
              name: p.name,
              in: p.in as 'query' | 'path',
              required: p.required === true,
              ...(p.schema?.enum ? { enum: p.schema.enum.map(String) } : {}),
            })),
          hasBody: operation.requestBody !== undefined,
        };
      }),
  );
}

/** The URL of an operation with these parameter values (path parameters filled in, the rest as the query). */
export function operationUrl(operation: Operation, values: Record<string, string>): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Every route the server has, as `GET /v1/files/{id}` (HEAD left out: Fastify adds it to each GET), read from
 * `printRoutes`' tree, whose lines nest four characters a level and hold a path piece and its methods.
 */
export function serverRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes.length = depth;
    prefixes.push(path);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}
