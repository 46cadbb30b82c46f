import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import { addPet, call, GIF, jpeg, multipart, PNG, upload, webp } from '../../../test/support/pets.ts';
import { ORIGIN, useTestApp } from '../../../test/support/test-app.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { profileFileKey } from '../../storage/keys.ts';
import { SERVED_FILE_CSP } from './served-file-headers.ts';

const t = useTestApp();
let owner: TestUser;
let stranger: TestUser;
let pet: { id: string };
beforeAll(async () => {
  owner = await t.user();
  stranger = await t.user();
  pet = await addPet(t, owner);
});

/** Every file under DATA_DIR/files (partial uploads included). */
async function filesOnDisk(): Promise<string[]> {
  const root = join(t.env.DATA_DIR, 'files');
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function fileIdOf(imageUrl: string): string {
  const url = new URL(imageUrl);
  expect(url.origin).toBe(new URL(t.env.PUBLIC_URL).origin);
  expect(url.pathname).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
  return url.pathname.split('/').pop()!;
}

function getFile(
  user: Pick<TestUser, 'cookie' | 'token'> | null,
  imageUrl: string,
  via: 'cookie' | 'bearer' = 'bearer',
) {
  return t.app.inject({ method: 'GET', url: new URL(imageUrl).pathname, headers: user ? as(user, via) : {} });
}

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };

/** A 200 with the serving headers (served-file-headers.ts), each once: the route's CSP replaces helmet's. */
function expectServedAs(response: LightMyRequestResponse, type: string, disposition: string) {
  expect(response.statusCode).toBe(200);
  const expected = {
    'content-type': type,
    'content-disposition': disposition,
    'x-content-type-options': 'nosniff',
    'content-security-policy': SERVED_FILE_CSP,
  };
  expect(response.raw.res.getHeaders()).toMatchObject(expected);
}

describe('POST /v1/upload/image?file_for=pet&pet_id=', () => {
  test('201 with image_url; the pet answers it; the owner gets the bytes with their type', async () => {
    const bytes = jpeg(4096);
    const response = await upload(
      t,
      owner,
      `file_for=pet&pet_id=${pet.id}`,
      { filename: 'cropped.jpg', contentType: 'image/jpeg', data: bytes },
      'cookie',
    );
    expect(response.statusCode).toBe(201);
    const { image_url } = response.json<{ image_url: string }>();
    fileIdOf(image_url);
    expect((await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url).toBe(image_url);
    for (const via of ['cookie', 'bearer'] as const) {
      const file = await getFile(owner, image_url, via);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.headers['content-length']).toBe(String(bytes.length));
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
  });

  test.each([
    ['PNG', PNG, 'image/png'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', webp(), 'image/webp'],
  ])('%s is accepted, typed by its bytes whatever the name and declared type say', async (_f, data, type) => {
    const response = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'picture.bin',
      contentType: 'application/octet-stream',
      data,
    });
    expect(response.statusCode).toBe(201);
    expect((await getFile(owner, response.json().image_url)).headers['content-type']).toBe(type);
  });

  test('a new picture replaces the old one: the old file is gone from disk and answers 404', async () => {
    const first = (
      await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
        filename: 'a.png',
        contentType: 'image/png',
        data: PNG,
      })
    ).json().image_url;
    const before = await filesOnDisk();
    const second = (
      await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
        filename: 'b.jpg',
        contentType: 'image/jpeg',
        data: jpeg(),
      })
    ).json().image_url;
    expect(second).not.toBe(first);
    expect((await getFile(owner, first)).statusCode).toBe(404);
    expect((await getFile(owner, second)).statusCode).toBe(200);
    const after = await filesOnDisk();
    expect(after).toHaveLength(before.length);
    const rows = await t.database.db.select().from(storedFiles).where(eq(storedFiles.petId, pet.id));
    expect(rows.map((r) => r.id)).toEqual([fileIdOf(second)]);
  });

  test('415 for a text file named .png; nothing stored', async () => {
    const before = await filesOnDisk();
    const current = (await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url;
    const response = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'cat.png',
      contentType: 'image/png',
      data: Buffer.from('this is not a picture, only text that claims to be one\n'.repeat(100)),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported_File_Type_Text',
    });
    expect(await filesOnDisk()).toEqual(before);
    expect((await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url).toBe(current);
  });

  test('415 for an SVG and for an empty file', async () => {
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
      Buffer.alloc(0),
    ]) {
      const response = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
        filename: 'x.svg',
        contentType: 'image/svg+xml',
        data,
      });
      expect(response.statusCode).toBe(415);
    }
  });

  test('413 for a picture one byte over 25 MB; the partial file is removed', async () => {
    const before = await filesOnDisk();
    const response = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'huge.jpg',
      contentType: 'image/jpeg',
      data: jpeg(MAX_UPLOAD_BYTES + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'File_Too_Large_Error_Text' });
    expect(await filesOnDisk()).toEqual(before);
  });

  test('exactly 25 MB is accepted', async () => {
    const response = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: jpeg(MAX_UPLOAD_BYTES),
    });
    expect(response.statusCode).toBe(201);
  });

  test('413 at once when the request announces more than the limit', async () => {
    const body = multipart([{ filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg(16) }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/upload/image?file_for=pet&pet_id=${pet.id}`,
      headers: { ...as(owner, 'bearer'), ...body.headers, 'content-length': String(MAX_UPLOAD_BYTES * 2) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
  });

  test('400 without a file, without pet_id, or with an unknown file_for', async () => {
    const noFile = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'Required_Error' });
    const noPet = await upload(t, owner, 'file_for=pet', {
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(noPet.statusCode).toBe(400);
    expect(noPet.json().fields).toEqual({ pet_id: 'Required_Error' });
    const unknown = await upload(t, owner, 'file_for=document', {
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ file_for: 'Invalid_Value_Error' });
  });

  test('415 for a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/upload/image?file_for=pet&pet_id=${pet.id}`,
      headers: as(owner, 'bearer'),
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  test('someone else’s pet (or none): 404, nothing stored, their picture unchanged', async () => {
    const before = await filesOnDisk();
    const current = (await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url;
    for (const id of [pet.id, 'no-such-pet']) {
      const response = await upload(t, stranger, `file_for=pet&pet_id=${id}`, {
        filename: 'a.png',
        contentType: 'image/png',
        data: PNG,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await filesOnDisk()).toEqual(before);
    expect((await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url).toBe(current);
  });

  test('401 without a session', async () => {
    const response = await upload(t, null, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/upload/image?file_for=user', () => {
  test('201; myinfo shows the picture; a new one replaces it on disk too', async () => {
    const user = await t.user();
    const first = await upload(
      t,
      user,
      'file_for=user',
      { filename: 'me.png', contentType: 'image/png', data: PNG },
      'cookie',
    );
    expect(first.statusCode).toBe(201);
    const url = first.json().image_url as string;
    fileIdOf(url);
    const info = (await call(t, user, 'GET', '/v1/auth/myinfo')).json();
    expect(info).toMatchObject({ image_url: url, photoUrl: url });
    const before = await filesOnDisk();
    const second = (
      await upload(t, user, 'file_for=user', { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg() })
    ).json().image_url;
    expect((await call(t, user, 'GET', '/v1/auth/myinfo')).json().image_url).toBe(second);
    expect((await getFile(user, url)).statusCode).toBe(404);
    expect(await filesOnDisk()).toHaveLength(before.length);
  });
});

describe('GET /v1/files/:id', () => {
  test('only the owner gets a file: anyone else, or no one, as if it did not exist', async () => {
    const url = (
      await upload(t, owner, 'file_for=user', { filename: 'me.png', contentType: 'image/png', data: PNG })
    ).json().image_url as string;
    const foreign = await getFile(stranger, url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    const missing = await getFile(
      stranger,
      `${t.env.PUBLIC_URL}/v1/files/00000000-0000-0000-0000-000000000000`,
    );
    expect(missing.json()).toEqual(foreign.json());
    expect((await getFile(null, url)).statusCode).toBe(401);
    // A foreign page cannot read it with the owner's cookie either (no CORS; cookies stay SameSite=Lax).
    const own = await t.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: { cookie: owner.cookie, ...ORIGIN },
    });
    expect(own.statusCode).toBe(200);
  });

  test('a picture opens in the tab: its type, inline, nosniff and a sandboxing CSP, each header once', async () => {
    const url = (
      await upload(t, owner, 'file_for=user', { filename: 'me.png', contentType: 'image/png', data: PNG })
    ).json().image_url as string;
    expectServedAs(await getFile(owner, url, 'cookie'), 'image/png', 'inline');
  });

  test('a stored file of a type a browser would run (HTML, SVG) downloads as bytes, never as a page', async () => {
    const user = await t.user();
    for (const [contentType, body] of [
      ['text/html', '<html><script>fetch("/v1/auth/myinfo")</script></html>'],
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ] as const) {
      // No upload route stores these; a row written directly stands for one that got in some other way.
      const id = randomUUID();
      const key = profileFileKey(user.id, id);
      await t.app.ctx.storage.put(key, Readable.from([Buffer.from(body)]), { contentType });
      await t.database.db
        .insert(storedFiles)
        .values({ id, userId: user.id, kind: 'user-image', storageKey: key, contentType, size: body.length });
      const response = await getFile(user, `${t.env.PUBLIC_URL}/v1/files/${id}`);
      expectServedAs(response, 'application/octet-stream', 'attachment');
      expect(response.body).toBe(body);
      await t.database.db.delete(storedFiles).where(eq(storedFiles.id, id));
    }
  });
});
