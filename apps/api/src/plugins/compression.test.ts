import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../test/support/accounts.ts';
import { PNG, upload } from '../../test/support/pets.ts';
import { decodedBody, rawRequest } from '../../test/support/raw-http.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { storedFiles } from '../db/schema/files.ts';
import { profileFileKey } from '../storage/keys.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';

// The API's answers over real HTTP, as a browser asks (Accept-Encoding: br, gzip): JSON of 4 KB and more
// comes compressed, smaller answers and stored files (pictures, downloads) go out as they are.

const t = useTestApp();
let origin: string;
let user: TestUser;
beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  user = await t.user();
});

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const PRODUCTS = '/v1/subscription/product/list';
/** The OpenAPI document: JSON of well over 4 KB. */
const OPENAPI = '/docs/json';
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${origin}${path}`, { headers });

describe('JSON answers', () => {
  test('of 4 KB and more: brotli, else gzip, else plain; the same JSON each way', async () => {
    const plain = await get(OPENAPI);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD);
    const expected = JSON.parse(plain.body.toString());

    const brotli = await get(OPENAPI, BROWSER);
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decodedBody(brotli).toString())).toEqual(expected);

    const gzip = await get(OPENAPI, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decodedBody(gzip).toString())).toEqual(expected);
  });

  test('under 4 KB, HEAD and 304 go out without Content-Encoding', async () => {
    const small = await get('/healthz', BROWSER);
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();

    const head = await rawRequest(`${origin}${PRODUCTS}`, { method: 'HEAD', headers: BROWSER });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const legal = await get('/v1/legal/terms?language=en', BROWSER);
    expect(legal.status).toBe(200);
    const again = await get('/v1/legal/terms?language=en', {
      ...BROWSER,
      'if-none-match': String(legal.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });

  test('signed-in answers and better-auth’s are compressed the same way and still read', async () => {
    const session = await get('/api/auth/get-session', { ...BROWSER, ...as(user, 'cookie') });
    expect(session.status).toBe(200);
    expect(JSON.parse(decodedBody(session).toString()).user.id).toBe(user.id);
  });
});

describe('stored files', () => {
  test('a picture is streamed as it is, with its length', async () => {
    const url = (
      await upload(t, user, 'file_for=user', { filename: 'me.png', contentType: 'image/png', data: PNG })
    ).json().image_url as string;
    const response = await get(new URL(url).pathname, { ...BROWSER, ...as(user, 'bearer') });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.body.equals(PNG)).toBe(true);
  });

  test('a download (application/octet-stream) is not compressed, even when its bytes would shrink', async () => {
    // A stored type the portal does not serve as such (served-file-headers.ts): no upload route stores HTML, a
    // row written directly stands for one that got in some other way (of a user of its own: one picture each).
    const owner = await t.user();
    const body = Buffer.from('<p>a line of text that compresses very well</p>\n'.repeat(200));
    const id = randomUUID();
    const key = profileFileKey(owner.id, id);
    await t.app.ctx.storage.put(key, Readable.from([body]), { contentType: 'text/html' });
    await t.database.db.insert(storedFiles).values({
      id,
      userId: owner.id,
      kind: 'user-image',
      storageKey: key,
      contentType: 'text/html',
      size: body.length,
    });
    const response = await get(`/v1/files/${id}`, { ...BROWSER, ...as(owner, 'bearer') });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(body.length));
    expect(response.body.equals(body)).toBe(true);
  });
});
