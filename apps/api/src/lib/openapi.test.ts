import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';
import { MULTIPART } from './openapi.ts';

// The OpenAPI document (/docs/json) against the routes as registered: every route whose handler reads a
// multipart upload documents a multipart/form-data request body, and every route whose handler sends a PDF
// documents its 200 as application/pdf with a binary body, not as JSON; and nothing else claims either. A
// new upload or PDF route without its documentation fails here.

const t = useTestApp();

interface Operation {
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }>;
  };
  responses?: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>;
}

/** Fastify's `/v1/x/:id` as OpenAPI writes it (`/v1/x/{id}`). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** What the handlers do, read from their code: the multipart API of @fastify/multipart, a PDF's media type. */
const READS_MULTIPART = /\brequest\.(?:file|files|parts|saveRequestFiles)\(/;
const SENDS_PDF = /application\/pdf|\bsendPdf\(/;

async function documentAndRoutes() {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes = t.app.registeredRoutes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        call: `${method} ${openApiPath(route.url)}`,
        source: String(route.handler),
        operation: doc.paths[openApiPath(route.url)]?.[method.toLowerCase()],
      })),
  );
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      call: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
  return { routes, operations };
}

describe('the OpenAPI document and the routes', () => {
  test('every upload route documents a multipart/form-data file body; no other route does', async () => {
    const { routes, operations } = await documentAndRoutes();
    const uploads = routes.filter((route) => READS_MULTIPART.test(route.source));
    expect(uploads.map((route) => route.call).sort()).toEqual([
      'POST /v1/upload/document',
      'POST /v1/upload/image',
    ]);
    for (const { call, operation } of uploads) {
      const body = operation?.requestBody?.content?.[MULTIPART];
      expect(body, call).toBeDefined();
      expect(body?.schema?.properties?.file?.format, call).toBe('binary');
      expect(Object.keys(operation?.requestBody?.content ?? {}), call).toEqual([MULTIPART]);
    }
    const documented = operations
      .filter((o) => o.operation.requestBody?.content?.[MULTIPART])
      .map((o) => o.call);
    expect(documented.sort()).toEqual(uploads.map((route) => route.call).sort());
  });

  test('every route that sends a PDF documents its 200 as application/pdf (binary), not JSON; no other does', async () => {
    const { routes, operations } = await documentAndRoutes();
    const pdfs = routes.filter((route) => SENDS_PDF.test(route.source));
    expect(pdfs.map((route) => route.call)).toEqual(
      expect.arrayContaining(['GET /v1/emergency', 'GET /v1/emergency/tag', 'GET /v1/emergency/public']),
    );
    for (const { call, operation } of pdfs) {
      const content = operation?.responses?.['200']?.content;
      expect(Object.keys(content ?? {}), call).toEqual(['application/pdf']);
      expect(content?.['application/pdf']?.schema?.format, call).toBe('binary');
    }
    const documented = operations
      .filter((o) => Object.values(o.operation.responses ?? {}).some((r) => r.content?.['application/pdf']))
      .map((o) => o.call);
    expect(documented.sort()).toEqual(pdfs.map((route) => route.call).sort());
  });
});
