import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { describe, expect, test } from 'vitest';
import { addDocument, file, PDF, unzip } from '../../../test/support/documents.ts';
import { addPet, call, rowsOf } from '../../../test/support/pets.ts';
import { useS3Server } from '../../../test/support/s3-server.ts';
import { linksIn, sentTo } from '../../../test/support/smtp-sink.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';
import { jobHandlers, QUEUES } from '../../job-registry.ts';

// A large account's export with S3_BUCKET set (export.test.ts runs it on the local disk): the ZIP reads the
// files from the bucket, the job writes it there under the user's folder (users/<id>/exports/), the link reads it back, the expiry job
// removes it. The storage calls are the same on either database: the PostgreSQL stage skips this file.

describe.skipIf(onPostgres)('a prepared export on S3', () => {
  const s3 = useS3Server();
  const t = useTestApp({ env: Object.assign(s3.env, { LOG_LEVEL: 'warn', EXPORT_INLINE_MAX_BYTES: '10' }) });

  async function jobOf(
    queue: typeof QUEUES.accountExport | typeof QUEUES.accountExportExpiry,
    userId: string,
  ) {
    const [job] = rowsOf<{ id: string; data: { userId: string; exportId: string } }>(
      await t.database.db.execute(
        sql`select id, data from pgboss.job where name = ${queue} and data->>'userId' = ${userId}`,
      ),
    );
    await jobHandlers(t.app)[queue]!({ id: job!.id, name: queue, data: job!.data } as Job<never>);
    return job!.data;
  }

  test('written to the bucket, downloaded by the link, removed by the expiry job', async () => {
    const user = await t.user({ plan: 'premium' });
    const pet = await addPet(t, user, { name: 'Bello' });
    await addDocument(t, user, pet.id, { files: [file('befund.pdf', PDF)], body: { description: 'Blood' } });
    expect((await call(t, user, 'GET', apiPaths.accountExport)).statusCode).toBe(202);

    const { exportId } = await jobOf(QUEUES.accountExport, user.id);
    const key = `users/${user.id}/exports/${exportId}.zip`;
    expect(await storedObjects(t.env)).toContain(key);
    const link = linksIn(await t.sink.waitFor(sentTo(user.email))).find((l) =>
      l.includes(apiPaths.accountExportDownload),
    )!;
    const response = await call(t, user, 'GET', link.slice(link.indexOf('/v1/')));
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    const pdf = entries.find((e) => e.name.endsWith('/befund.pdf'));
    expect(pdf?.data.equals(PDF)).toBe(true);

    await jobOf(QUEUES.accountExportExpiry, user.id);
    expect(await storedObjects(t.env)).not.toContain(key);
  });
});
