import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { capturedLog } from '../../../test/support/log-capture.ts';
import { addPet, call, jpeg, PNG, upload } from '../../../test/support/pets.ts';
import { TEST_BUCKET, useS3Server } from '../../../test/support/s3-server.ts';
import { stalledUpload } from '../../../test/support/slow-upload.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';

// The pictures' path through the API with S3_BUCKET set (files.test.ts runs it on the local disk): the bytes
// go to the bucket and come back whole; a replaced picture's and a deleted pet's objects are removed. The
// storage calls are the same on either database: the PostgreSQL stage of `npm test` skips this file.

describe.skipIf(onPostgres)('pictures on S3', () => {
  const s3 = useS3Server();
  const log = capturedLog();
  // s3.env is filled in by useS3Server's beforeAll: this adds to that object, not to a copy of it.
  const t = useTestApp({ env: Object.assign(s3.env, { LOG_LEVEL: 'warn' }), logStream: log.stream });
  let owner: TestUser;
  let port: number;
  beforeAll(async () => {
    owner = await t.user();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  const objectsInBucket = () => storedObjects(t.env);

  const fileIdOf = (imageUrl: string) => new URL(imageUrl).pathname.split('/').pop()!;

  test('a picture is stored in the bucket, not on disk, and served back whole; a new one replaces it', async () => {
    const pet = await addPet(t, owner);
    // Larger than one 5 MiB upload part: the multipart path.
    const bytes = jpeg(6 * 1024 * 1024 + 3);
    const first = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: bytes,
    });
    expect(first.statusCode).toBe(201);
    const url = first.json<{ image_url: string }>().image_url;
    expect(await objectsInBucket()).toEqual([`users/${owner.id}/pets/${pet.id}/${fileIdOf(url)}`]);
    expect(await filesUnder(join(t.env.DATA_DIR, 'files'))).toEqual([]);

    const served = await call(t, owner, 'GET', new URL(url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(bytes.length));
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const second = await upload(t, owner, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG,
    });
    const secondUrl = second.json<{ image_url: string }>().image_url;
    expect((await call(t, owner, 'GET', new URL(url).pathname)).statusCode).toBe(404);
    expect(await objectsInBucket()).toEqual([`users/${owner.id}/pets/${pet.id}/${fileIdOf(secondUrl)}`]);

    expect((await call(t, owner, 'DELETE', `/v1/pet?id=${pet.id}`)).statusCode).toBe(204);
    expect(await objectsInBucket()).toEqual([]);
  });

  test('a refused picture (415) leaves nothing in the bucket', async () => {
    const response = await upload(t, owner, 'file_for=user', {
      filename: 'cat.png',
      contentType: 'image/png',
      data: Buffer.from('only text that claims to be a picture\n'.repeat(200)),
    });
    expect(response.statusCode).toBe(415);
    expect(await objectsInBucket()).toEqual([]);
  });

  test('a connection cut after a part has gone to S3 leaves no object and no row', async () => {
    const pet = await addPet(t, owner);
    const upload = await stalledUpload(port, {
      query: `file_for=pet&pet_id=${pet.id}`,
      auth: as(owner, 'bearer'),
      totalBytes: 12 * 1024 * 1024,
      sentBytes: 7 * 1024 * 1024,
    });
    // s3rver holds the first 5 MiB part of the unfinished multipart upload.
    const uploads = join(s3.server().directory, TEST_BUCKET, '._S3rver_uploads');
    await expect
      .poll(async () => (await filesUnder(uploads)).some((f) => /\/1$/.test(f)), { timeout: 5_000 })
      .toBe(true);

    log.clear();
    upload.socket.destroy();
    // The upload fails and its parts are aborted: s3rver cannot abort (it answers 405), which is logged.
    await expect
      .poll(() => log.text().includes('the parts of a failed upload could not be removed'), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(await objectsInBucket()).toEqual([]);
    expect(await t.database.db.query.storedFiles.findMany()).toEqual([]);
    expect((await call(t, owner, 'GET', `/v1/pet?pet_id=${pet.id}`)).json().image_url).toBeFalsy();
  });
});
