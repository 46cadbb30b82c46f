import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// The OpenAPI document (/docs/json) from the route schemas: fastify-type-provider-zod's transform, plus the
// two things a zod schema cannot say. A route that reads multipart/form-data (`consumes`, see
// lib/route-schema.ts's MULTIPART_UPLOAD) gets its request body as OpenAPI describes a file upload; an
// answer declared with `pdfResponse` (a description starting with its media type) is documented as that
// media type with a binary body, not as JSON. `lib/openapi.test.ts` checks the document against the routes.

export const MULTIPART = 'multipart/form-data';
/** The binary media types an answer may be declared as (`pdfResponse`). */
export const FILE_MEDIA_TYPES = ['application/pdf'] as const;

const binary = { type: 'string', format: 'binary' } as const;

/** The request body of an upload: one or more file parts (the summary says how many and of which types). */
const MULTIPART_BODY = {
  type: 'object',
  properties: {
    file: {
      ...binary,
      description: 'A file part; an upload that takes several files takes one such part per file',
    },
  },
  required: ['file'],
} as const;

/** The media type a response's description starts with ("application/pdf (a download)"), if one of ours. */
function fileMediaType(response: unknown): string | undefined {
  const description = (response as { description?: unknown } | null)?.description;
  if (typeof description !== 'string') return undefined;
  return FILE_MEDIA_TYPES.find((type) => description === type || description.startsWith(`${type} `));
}

export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (!schema) return transformed;
  const consumes = schema.consumes as string[] | undefined;
  if (consumes?.includes(MULTIPART) && schema.body === undefined) schema.body = MULTIPART_BODY;
  const responses = schema.response as Record<string, unknown> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    const mediaType = fileMediaType(response);
    if (!mediaType) continue;
    responses![status] = {
      description: (response as { description: string }).description,
      content: { [mediaType]: { schema: binary } },
    };
  }
  return transformed;
};

/** A registered route as the OpenAPI check sees it: its methods, URL, schema and handler. */
export type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRoutes` (lib/openapi.ts), for the check of the document. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Keeps every route registered from now on in `app.registeredRoutes` (before any route is registered). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', ({ method, url, schema, handler }) => {
    routes.push({ method, url, schema, handler });
  });
}
