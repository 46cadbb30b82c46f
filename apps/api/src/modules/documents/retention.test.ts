import {
  type DocumentList,
  ERASURE_WARNING_DAYS_BEFORE,
  type PetDocument,
  REACTIVATION_WINDOW_DAYS,
} from '@pet/shared';
import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { paidOrder, TEST_WEBHOOK_SECRET } from '../../../test/support/billing.ts';
import { addDocument, file, filesOf, insertDocuments, TXT, unzip } from '../../../test/support/documents.ts';
import { addPet, call, PNG, rowsOf } from '../../../test/support/pets.ts';
import { productOf } from '../../../test/support/plans.ts';
import { useS3Server } from '../../../test/support/s3-server.ts';
import { linksIn, sentTo } from '../../../test/support/smtp-sink.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { documents } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { inTransaction } from '../../db/transaction.ts';
import { jobHandlers, QUEUES } from '../../job-registry.ts';
import { defaultMembership, writeMembership } from '../plans/membership.repo.ts';
import { ERASURE_BATCH } from './erasure.ts';
import { type DocumentErasureJob, scheduleDocumentErasure } from './retention.ts';

// Documents after a paid plan ends (ADR 0011 "After the end: limits, not deletion"): the newest
// documents_limit stay usable, the others read-only (listed, viewable, downloadable, deletable, not
// editable); the warning mail ERASURE_WARNING_DAYS_BEFORE days before the reactivation window closes; the
// erasure of the read-only ones (rows and files) when it closes; an upgrade within the window stops both.
// The plan's end is written as the subscription's endPaidPlan writes it (subscription ended, the default plan,
// scheduleDocumentErasure in the same transaction); the test drives the app's clock and runs the two jobs
// pg-boss holds for the user through their workers.

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const ERASURE_QUEUES = [QUEUES.documentErasureWarning, QUEUES.documentErasure] as const;
type ErasureQueue = (typeof ERASURE_QUEUES)[number];

function retentionApp(env: Record<string, string> = {}) {
  const clock = { shift: 0 };
  const t = useTestApp({
    env: Object.assign(env, { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }),
    clock: () => new Date(Date.now() + clock.shift),
  });
  return { t, clock };
}

/** What the subscription's endPaidPlan does when a paid plan ends (status ended, ended_at, the default plan, the two jobs). */
async function endPaidPlan(t: TestApp, userId: string, endedAt: Date): Promise<void> {
  const free = await productOf(t.database, t.env.BRAND, 'free');
  await inTransaction(t.database.db, async (tx) => {
    await tx.update(subscriptions).set({ status: 'ended', endedAt }).where(eq(subscriptions.userId, userId));
    await writeMembership(tx, userId, defaultMembership(free.id));
    await scheduleDocumentErasure(tx, t.app.ctx.jobs, { userId, endedAt });
  });
}

interface QueuedJob {
  id: string;
  name: ErasureQueue;
  start_after: string | Date;
  data: DocumentErasureJob;
}

async function erasureJobs(t: TestApp, userId: string): Promise<QueuedJob[]> {
  return rowsOf<QueuedJob>(
    await t.database.db.execute(
      sql`select id, name, start_after, data from pgboss.job
          where name in (${ERASURE_QUEUES[0]}, ${ERASURE_QUEUES[1]}) and data->>'userId' = ${userId}
          order by start_after`,
    ),
  );
}

/** Runs the user's queued job of `queue` through its worker (as pg-boss would at its start_after). */
async function runJob(t: TestApp, userId: string, queue: ErasureQueue): Promise<void> {
  const job = (await erasureJobs(t, userId)).find((j) => j.name === queue);
  if (!job) throw new Error(`no ${queue} job for ${userId}`);
  await jobHandlers(t.app)[queue]!({ id: job.id, name: queue, data: job.data } as Job<never>);
}

async function documentsOf(t: TestApp, user: TestUser, petId: string): Promise<DocumentList> {
  const response = await call(t, user, 'GET', `/v1/document/mydocs?pet_id=${petId}`);
  expect(response.statusCode).toBe(200);
  return response.json<DocumentList>();
}

const warningsTo = (t: TestApp, user: TestUser) =>
  t.sink.messages.filter((m) => sentTo(user.email)(m) && /will be deleted/.test(m.subject ?? ''));

/** Mails are handed over before the worker returns; the sink parses them a moment later. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function storageKeys(t: TestApp, userId: string, docIds: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: storedFiles.storageKey, documentId: storedFiles.documentId })
    .from(storedFiles)
    .where(eq(storedFiles.userId, userId));
  return rows.filter((r) => r.documentId && docIds.includes(r.documentId)).map((r) => r.key);
}

describe('a paid plan ends with 13 documents, one deleted while read-only: 5 usable, 7 read-only', () => {
  const { t, clock } = retentionApp();

  test('list, edit, delete, download; the warning at day 21 lists the 7; day 28 erases exactly those', async () => {
    const user = await t.user({ name: 'Mia Owner' });
    await paidOrder(t, user, 'premium');
    const bello = await addPet(t, user, { name: 'Bello' });
    const mimi = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
    // Uploaded a minute apart, oldest first: doc 0 is deleted below, 1-7 go read-only, 8-12 stay usable.
    const made: Array<{ pet: { id: string; name: string }; doc: PetDocument }> = [];
    for (let i = 0; i <= 12; i += 1) {
      clock.shift += MINUTE;
      const pet = i % 2 === 0 ? bello : mimi;
      made.push({
        pet,
        doc: await addDocument(t, user, pet.id, {
          files: [file(`seite${i}.txt`, TXT), file(`bild${i}.png`, PNG)],
          body: { description: `Doc ${i}`, document_type: i < 4 ? 'Bills' : 'X-rays' },
        }),
      });
    }
    const id = (i: number) => made[i]!.doc.id;
    const readOnlyIds = [1, 2, 3, 4, 5, 6, 7].map(id);
    const usableIds = [8, 9, 10, 11, 12].map(id);

    clock.shift += MINUTE;
    const endedAt = new Date(Date.now() + clock.shift);
    await endPaidPlan(t, user.id, endedAt);

    // The list: every document, the old ones marked read-only (by upload time across both pets).
    const ofBello = await documentsOf(t, user, bello.id);
    expect(ofBello).toMatchObject({ total: 13, limit: 5 });
    const listed = [...ofBello.data, ...(await documentsOf(t, user, mimi.id)).data];
    expect(listed).toHaveLength(13);
    const marked = (readOnly: boolean) =>
      listed
        .filter((d) => d.read_only === readOnly)
        .map((d) => d.id)
        .sort();
    expect(marked(false)).toEqual([...usableIds].sort());
    expect(marked(true)).toEqual([id(0), ...readOnlyIds].sort());

    // Edit: refused for a read-only document, allowed for a usable one.
    const edit = (docId: string) =>
      call(t, user, 'PUT', `/v1/document?doc_id=${docId}`, { description: 'Changed' });
    const refused = await edit(id(1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Document_Read_Only_Text' });
    expect((await edit(id(12))).json()).toMatchObject({
      id: id(12),
      description: 'Changed',
      read_only: false,
    });

    // Adding stays refused while over the limit.
    const added = await call(t, user, 'POST', `/v1/document?pet_id=${bello.id}`, {
      document_type: 'Bills',
      description: 'One more',
      doc_url: made[12]!.doc.doc_url,
    });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toMatchObject({ code: 'LIMIT_REACHED' });

    // A read-only document's files are served, and it is in its pet's ZIP.
    const readOnlyFile = filesOf(made[1]!.doc)[0]!;
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(readOnlyFile.url).pathname,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(TXT);
    const zip = await call(t, user, 'GET', `/v1/document/zip?pet_id=${mimi.id}`);
    expect(zip.statusCode).toBe(200);
    const names = (await unzip(zip.rawPayload)).map((entry) => entry.name);
    expect(names.some((name) => name.endsWith('seite1.txt'))).toBe(true);

    // Delete: allowed for a read-only document.
    expect((await call(t, user, 'DELETE', `/v1/document?doc_id=${id(0)}`)).statusCode).toBe(204);

    // The two jobs were queued with the plan's end, at day 21 and day 28.
    const queued = await erasureJobs(t, user.id);
    const closes = endedAt.getTime() + REACTIVATION_WINDOW_DAYS * DAY;
    expect(queued.map((j) => [j.name, new Date(j.start_after).getTime()])).toEqual([
      [QUEUES.documentErasureWarning, closes - ERASURE_WARNING_DAYS_BEFORE * DAY],
      [QUEUES.documentErasure, closes],
    ]);

    // Day 21: the warning lists the 7 read-only documents, links each pet's documents page, names day 28.
    clock.shift += 21 * DAY;
    await runJob(t, user.id, QUEUES.documentErasureWarning);
    const mail = await t.sink.waitFor(
      (m) => sentTo(user.email)(m) && /will be deleted/.test(m.subject ?? ''),
    );
    // Run twice: still one mail.
    await runJob(t, user.id, QUEUES.documentErasureWarning);
    await settle();
    expect(warningsTo(t, user)).toHaveLength(1);
    const erasureDay = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(closes));
    expect(mail.subject).toBe(`Petention: 7 documents will be deleted on ${erasureDay}`);
    for (const i of [1, 2, 3, 4, 5, 6, 7]) expect(mail.text).toContain(`Doc ${i} (uploaded on`);
    for (const i of [0, 8, 9, 10, 11, 12]) expect(mail.text).not.toContain(`Doc ${i} (`);
    expect(mail.text).toContain('Bello – Bill – Doc 2');
    expect(mail.text).toContain('Mimi – X-ray – Doc 5');
    expect(linksIn(mail)).toEqual(
      expect.arrayContaining([
        `${t.env.PUBLIC_URL}/pet-details/Bello/${bello.id}/document-safe`,
        `${t.env.PUBLIC_URL}/pet-details/Mimi/${mimi.id}/document-safe`,
        `${t.env.PUBLIC_URL}/my-account/subscription`,
      ]),
    );

    // Day 28: exactly the read-only rows and their files go; twice changes nothing more.
    const readOnlyKeys = await storageKeys(t, user.id, readOnlyIds);
    const usableKeys = await storageKeys(t, user.id, usableIds);
    expect(readOnlyKeys).toHaveLength(14);
    expect(await storedObjects(t.env)).toEqual(expect.arrayContaining([...readOnlyKeys, ...usableKeys]));
    clock.shift += 7 * DAY;
    for (let run = 0; run < 2; run += 1) {
      await runJob(t, user.id, QUEUES.documentErasure);
      const left = await t.database.db
        .select({ id: documents.id })
        .from(documents)
        .where(eq(documents.userId, user.id));
      expect(left.map((d) => d.id).sort()).toEqual([...usableIds].sort());
      const stored = await storedObjects(t.env);
      expect(stored).toEqual(expect.arrayContaining(usableKeys));
      for (const key of readOnlyKeys) expect(stored).not.toContain(key);
      expect(await storageKeys(t, user.id, readOnlyIds)).toEqual([]);
    }
    const after = await documentsOf(t, user, bello.id);
    expect(after.total).toBe(5);
    expect(after.data.every((d) => !d.read_only)).toBe(true);

    // Upgrading after the window restores nothing.
    clock.shift += DAY;
    await paidOrder(t, user, 'premium');
    expect((await documentsOf(t, user, bello.id)).total).toBe(5);
    expect((await documentsOf(t, user, bello.id)).limit).toBe(100);
  });
});

describe('what the jobs check, and batches', () => {
  const { t, clock } = retentionApp();

  test('an upgrade on day 20: no warning on day 21, no erasure on day 28, run twice', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium');
    const pet = await addPet(t, user);
    await insertDocuments(t, user.id, pet.id, 12);
    const endedAt = new Date(Date.now() + clock.shift);
    await endPaidPlan(t, user.id, endedAt);
    expect((await documentsOf(t, user, pet.id)).data.filter((d) => d.read_only)).toHaveLength(7);

    clock.shift += 20 * DAY;
    await paidOrder(t, user, 'premium');
    expect((await documentsOf(t, user, pet.id)).data.filter((d) => d.read_only)).toEqual([]);

    for (const day of [21, 28]) {
      clock.shift = day * DAY;
      for (let run = 0; run < 2; run += 1) {
        await runJob(t, user.id, QUEUES.documentErasureWarning);
        await runJob(t, user.id, QUEUES.documentErasure);
      }
    }
    await settle();
    expect(warningsTo(t, user)).toEqual([]);
    expect((await documentsOf(t, user, pet.id)).total).toBe(12);
  });

  test('a job for an earlier end does nothing after the plan ended again later', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium');
    const pet = await addPet(t, user);
    await insertDocuments(t, user.id, pet.id, 8);
    clock.shift = 0;
    const firstEnd = new Date(Date.now());
    await endPaidPlan(t, user.id, firstEnd);
    const [oldWarning, oldErasure] = await erasureJobs(t, user.id);
    // Bought again and ended again: the first end's jobs are outdated.
    clock.shift = 10 * DAY;
    await paidOrder(t, user, 'premium');
    await endPaidPlan(t, user.id, new Date(Date.now() + clock.shift));
    clock.shift = 28 * DAY;
    for (const job of [oldWarning!, oldErasure!]) {
      await jobHandlers(t.app)[job.name]!({ id: job.id, name: job.name, data: job.data } as Job<never>);
    }
    await settle();
    expect(warningsTo(t, user)).toEqual([]);
    expect((await documentsOf(t, user, pet.id)).total).toBe(8);
    const [row] = await t.database.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(row?.status).toBe('ended');
  });

  test('more documents than one batch (ERASURE_BATCH) beyond the limit: all of them go', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium');
    const pet = await addPet(t, user);
    await insertDocuments(t, user.id, pet.id, ERASURE_BATCH + 20);
    clock.shift = 0;
    await endPaidPlan(t, user.id, new Date(Date.now()));
    clock.shift = REACTIVATION_WINDOW_DAYS * DAY;
    await runJob(t, user.id, QUEUES.documentErasure);
    expect((await documentsOf(t, user, pet.id)).total).toBe(5);
  });
});

// The storage calls are the same on either database: the PostgreSQL stage skips this block (as
// documents-s3.test.ts).
describe.skipIf(onPostgres)('the erasure on S3', () => {
  const s3 = useS3Server();
  const { t, clock } = retentionApp(s3.env);

  test('the read-only documents’ objects leave the bucket; the usable ones stay', async () => {
    const user = await t.user();
    await paidOrder(t, user, 'premium');
    const pet = await addPet(t, user);
    const made: PetDocument[] = [];
    for (let i = 0; i < 7; i += 1) {
      clock.shift += MINUTE;
      made.push(await addDocument(t, user, pet.id, { files: [file(`seite${i}.txt`, TXT)] }));
    }
    const endedAt = new Date(Date.now() + clock.shift);
    await endPaidPlan(t, user.id, endedAt);
    const goneIds = made.slice(0, 2).map((d) => d.id);
    const keptIds = made.slice(2).map((d) => d.id);
    const gone = await storageKeys(t, user.id, goneIds);
    const kept = await storageKeys(t, user.id, keptIds);
    clock.shift += REACTIVATION_WINDOW_DAYS * DAY;
    await runJob(t, user.id, QUEUES.documentErasure);
    const inBucket = await storedObjects(t.env);
    expect(inBucket).toEqual(expect.arrayContaining(kept));
    for (const key of gone) expect(inBucket).not.toContain(key);
    expect((await documentsOf(t, user, pet.id)).data.map((d) => d.id)).toEqual([...keptIds].reverse());
  });
});
