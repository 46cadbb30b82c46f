import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { as, type TestUser } from '../../../test/support/accounts.ts';
import { filesUnder } from '../../../test/support/files-on-disk.ts';
import { addPet } from '../../../test/support/pets.ts';
import { stalledUpload } from '../../../test/support/slow-upload.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// A client that goes away in the middle of an upload (a closed tab, a lost network) must not leave its
// half-written file behind: the partial file is removed as soon as the connection is gone.

const t = useTestApp();
let owner: TestUser;
let pet: { id: string };
let port: number;
beforeAll(async () => {
  owner = await t.user();
  pet = await addPet(t, owner);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

test('a connection cut during an upload leaves no partial file, and no row', async () => {
  const root = join(t.env.DATA_DIR, 'files');
  const upload = await stalledUpload(port, {
    query: `file_for=pet&pet_id=${pet.id}`,
    auth: as(owner, 'bearer'),
    totalBytes: 8 * 1024 * 1024,
    sentBytes: 2 * 1024 * 1024,
  });
  // The server is writing the file: its partial is on disk.
  await expect
    .poll(async () => (await filesUnder(root)).some((f) => f.endsWith('.partial')), { timeout: 5_000 })
    .toBe(true);

  upload.socket.destroy();
  await expect.poll(() => filesUnder(root), { timeout: 1_000 }).toEqual([]);
  const rows = await t.database.db.query.storedFiles.findMany();
  expect(rows).toEqual([]);
});
