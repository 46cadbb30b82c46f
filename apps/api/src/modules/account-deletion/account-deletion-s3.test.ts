import { describe, expect, test } from 'vitest';
import { requestDeletion, seedEverything, signOut } from '../../../test/support/account-deletion.ts';
import { useS3Server } from '../../../test/support/s3-server.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';

// The erasure of an account's files with S3_BUCKET set (account-deletion.test.ts proves it on the local
// disk): pet pictures, the user's picture and the documents' files leave the bucket, nobody else's do. The
// storage calls are the same on either database: the PostgreSQL stage skips this file.

describe.skipIf(onPostgres)('account deletion on S3', () => {
  const s3 = useS3Server();
  const t = useTestApp({ env: Object.assign(s3.env, { LOG_LEVEL: 'warn' }) });

  test('a deleted account’s files are gone from the bucket, nobody else’s', async () => {
    const user = await t.user({ plan: 'premium' });
    const bystander = await t.user({ plan: 'premium' });
    await seedEverything(t, user);
    await seedEverything(t, bystander);
    const under = async (id: string) => (await storedObjects(t.env)).filter((key) => key.includes(id));
    expect((await under(user.id)).length).toBeGreaterThanOrEqual(3);
    const theirs = await under(bystander.id);
    expect(theirs.length).toBeGreaterThanOrEqual(3);

    expect((await requestDeletion(t, user, user.id)).statusCode).toBe(200);
    expect((await signOut(t, user)).statusCode).toBe(200);
    expect(await under(user.id)).toEqual([]);
    expect(await under(bystander.id)).toEqual(theirs);
  });
});
