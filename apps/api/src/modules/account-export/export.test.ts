import { apiPaths } from '@pet/shared/paths';
import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { paidOrder, TEST_WEBHOOK_SECRET } from '../../../test/support/billing.ts';
import { contactBody } from '../../../test/support/contacts.ts';
import { addDocument, file, PDF, TXT, unzip } from '../../../test/support/documents.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, appointmentBody, call, jpeg, PNG, rowsOf, upload } from '../../../test/support/pets.ts';
import { linksIn, sentTo } from '../../../test/support/smtp-sink.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { jobHandlers, QUEUES } from '../../job-registry.ts';

// "Download my data" (issue 15 point 3): the ZIP's entries and data.json for a user with pets, pictures,
// documents, an order; another user's data absent; the prepared path (202, the job, the mail's link, the
// token refused when forged, foreign or expired, the expiry job); the rate limit.

const HOUR = 60 * 60 * 1000;

interface ExportJson {
  exported_at: string;
  account: { id: string; email: string; name: string; language: string; product: unknown };
  plan: { pets_limit: number };
  pets: Array<{
    id: string;
    name: string;
    weights: Array<{ weight: number; date: string }>;
    image_url: string | null;
    contacts: Array<{ name: string }>;
    medical: Array<{ medical_type: string }>;
    documents: Array<{ description: string; doc_url: string[] }>;
    share_links: unknown[];
    household: { members: unknown[]; invitations: unknown[]; history: unknown[] };
    doses: unknown[];
    dose_reminder_times: unknown[];
  }>;
  household_memberships: unknown[];
  reminder_opt_ins: unknown[];
  emergency: { password_source: string | null; downloads: unknown[] };
  appointments: Array<{ appointment_pet_id: string }>;
  orders: Array<{ product_name: string; status: string }>;
  files: Array<{ path: string; kind: string; pet_id: string | null }>;
}

const dataOf = (entries: Array<{ name: string; data: Buffer }>) =>
  JSON.parse(entries.find((e) => e.name === 'data.json')!.data.toString('utf8')) as ExportJson;

async function download(t: TestApp, user: TestUser, url: string = apiPaths.accountExport) {
  const response = await call(t, user, 'GET', url);
  return response;
}

/** A user with two pets (one with a picture, weights, a contact, a medical record and two documents). */
async function richUser(t: TestApp, name: string, language: 'en' | 'de' = 'en') {
  const user = await t.user({ name, language });
  await paidOrder(t, user, 'premium');
  const bello = await addPet(t, user, { name: `${name}s Bello` });
  const put = await call(t, user, 'PUT', `/v1/pet?id=${bello.id}`, {
    name: `${name}s Bello`,
    pet_type: 'Dog',
    weights: [
      { weight: 20.5, date: '01.01.2023' },
      { weight: 21, date: '01.06.2024' },
    ],
  });
  expect(put.statusCode).toBe(200);
  const mimi = await addPet(t, user, { name: `${name}s Mimi`, pet_type: 'Cat' });
  const picture = await upload(t, user, `file_for=pet&pet_id=${bello.id}`, {
    filename: 'bello.jpg',
    contentType: 'image/jpeg',
    data: jpeg(2048),
  });
  expect(picture.statusCode).toBe(201);
  const profile = await upload(t, user, 'file_for=user', {
    filename: 'me.png',
    contentType: 'image/png',
    data: PNG,
  });
  expect(profile.statusCode).toBe(201);
  const contact = await call(
    t,
    user,
    'POST',
    `/v1/contact?pet_id=${bello.id}`,
    contactBody({ name: `${name} Vet` }),
  );
  expect(contact.statusCode).toBe(201);
  const medical = await call(
    t,
    user,
    'POST',
    `/v1/medical/allergy?pet_id=${bello.id}`,
    medicalBody('allergy'),
  );
  expect(medical.statusCode).toBe(201);
  const appointment = await call(t, user, 'POST', `/v1/appointment?pet_id=${bello.id}`, appointmentBody());
  expect(appointment.statusCode).toBe(201);
  await addDocument(t, user, bello.id, {
    files: [file('befund.pdf', PDF), file('notes.txt', TXT)],
    body: { description: `${name} blood count`, document_type: 'Insurance' },
  });
  await addDocument(t, user, bello.id, {
    files: [file('notes.txt', TXT)],
    body: { description: `${name} blood count`, document_type: 'Insurance' },
  });
  return { user, bello, mimi };
}

describe('the ZIP at once', () => {
  const t = useTestApp({ env: { SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });

  test('data.json in the API’s field names, README, every picture and document file; nobody else’s data', async () => {
    const { user, bello, mimi } = await richUser(t, 'Mia');
    const other = await richUser(t, 'Otto');

    const response = await download(t, user);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="petention-data-\d{4}-\d\d-\d\d\.zip"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await unzip(response.rawPayload);
    const names = entries.map((e) => e.name);
    expect(names).toEqual([
      'data.json',
      'README.txt',
      'profile/picture.png',
      'pets/Mias Bello/picture.jpg',
      'pets/Mias Bello/documents/Insurance/Mia blood count/befund.pdf',
      'pets/Mias Bello/documents/Insurance/Mia blood count/notes.txt',
      'pets/Mias Bello/documents/Insurance/Mia blood count (2)/notes.txt',
    ]);
    const bytes = (name: string) => entries.find((e) => e.name === name)!.data;
    expect(bytes('profile/picture.png').equals(PNG)).toBe(true);
    expect(bytes('pets/Mias Bello/picture.jpg').equals(jpeg(2048))).toBe(true);
    expect(bytes('pets/Mias Bello/documents/Insurance/Mia blood count/befund.pdf').equals(PDF)).toBe(true);
    expect(bytes('README.txt').toString('utf8')).toContain('data.json');

    const data = dataOf(entries);
    // The same shapes as the API's own answers.
    const myinfo = (await call(t, user, 'GET', '/v1/auth/myinfo')).json();
    expect(data.account).toEqual(myinfo);
    const pets = (await call(t, user, 'GET', '/v1/pet')).json<Array<{ id: string }>>();
    expect(
      data.pets.map(
        ({ contacts, medical, documents, share_links, household, doses, dose_reminder_times, ...pet }) => pet,
      ),
    ).toEqual(pets);
    // No dose checked off (the dose log's export: doses.test.ts).
    expect(data.pets.map((p) => p.doses)).toEqual([[], []]);
    // No dose times, no reminders asked for (issue 49).
    expect(data.pets.map((p) => p.dose_reminder_times)).toEqual([[], []]);
    expect(data.reminder_opt_ins).toEqual([]);
    // Nothing shared yet: no link, no household; the history holds the owner's own writes, each by "you".
    expect(
      data.pets.map((p) => [p.share_links, { ...p.household, history: p.household.history.length > 0 }]),
    ).toEqual([
      [[], { members: [], invitations: [], history: true }],
      [[], { members: [], invitations: [], history: true }],
    ]);
    const actors = data.pets.flatMap((p) => p.household.history.map((entry) => (entry as { by: string }).by));
    expect(new Set(actors)).toEqual(new Set(['you']));
    expect(data.household_memberships).toEqual([]);
    expect(data.emergency).toEqual({ password_source: null, downloads: [] });
    expect(data.pets.map((p) => p.id)).toEqual([bello.id, mimi.id]);
    const [exportedBello] = data.pets;
    expect(exportedBello!.weights).toEqual([
      { weight: 21, date: '01.06.2024' },
      { weight: 20.5, date: '01.01.2023' },
    ]);
    expect(exportedBello!.contacts).toEqual(
      (await call(t, user, 'GET', `/v1/contact/mycontacts?pet_id=${bello.id}`)).json(),
    );
    expect(exportedBello!.medical).toHaveLength(1);
    expect(exportedBello!.documents.map((d) => d.description)).toEqual([
      'Mia blood count',
      'Mia blood count',
    ]);
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]!.appointment_pet_id).toBe(bello.id);
    expect(data.orders).toMatchObject([{ status: 'paid' }]);
    expect(data.plan.pets_limit).toBeGreaterThan(0);
    expect(data.files.map((f) => f.path)).toEqual(names.slice(2));

    // Nothing of the other user, no credential of anyone.
    const text = entries.map((e) => e.data.toString('latin1')).join('\n');
    for (const foreign of [other.user.id, other.user.email, other.bello.id, 'Otto']) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(user.password);
    expect(text).not.toMatch(/"(password|hash|token|secret)"/i);
  });

  test('the README in the user’s language; an account without anything is a ZIP too; signed out is 401', async () => {
    const user = await t.user({ language: 'de' });
    const response = await download(t, user);
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['data.json', 'README.txt']);
    expect(entries[1]!.data.toString('utf8')).toContain('Ihre Daten bei');
    expect(dataOf(entries)).toMatchObject({ pets: [], appointments: [], orders: [], files: [] });
    expect((await t.app.inject({ method: 'GET', url: apiPaths.accountExport })).statusCode).toBe(401);
  });

  test('rate-limited per user: the sixth export within the hour answers 429', async () => {
    const user = await t.user();
    for (let i = 0; i < 5; i++) expect((await download(t, user)).statusCode).toBe(200);
    const refused = await download(t, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another user (same address) is not held back by it.
    expect((await download(t, await t.user())).statusCode).toBe(200);
  });
});

describe('a large account: prepared by a job, mailed, downloaded by the link, removed when it expires', () => {
  const clock = { shift: 0 };
  const t = useTestApp({
    env: { EXPORT_INLINE_MAX_BYTES: '1000', SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
    clock: () => new Date(Date.now() + clock.shift),
  });

  async function exportJob(userId: string, queue: string) {
    const [job] = rowsOf<{ id: string; data: { userId: string; exportId: string } }>(
      await t.database.db.execute(
        sql`select id, data from pgboss.job where name = ${queue} and data->>'userId' = ${userId}`,
      ),
    );
    if (!job) throw new Error(`no ${queue} job for ${userId}`);
    return job;
  }
  const run = async (
    queue: typeof QUEUES.accountExport | typeof QUEUES.accountExportExpiry,
    job: { id: string; data: object },
  ) => jobHandlers(t.app)[queue]!({ id: job.id, name: queue, data: job.data } as Job<never>);

  test('202, the job writes the ZIP and mails the link; forged, foreign and expired tokens answer 404', async () => {
    const { user } = await richUser(t, 'Lea', 'de');
    const other = await t.user();

    const response = await download(t, user);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'preparing' });

    const job = await exportJob(user.id, QUEUES.accountExport);
    await run(QUEUES.accountExport, job);
    const key = `users/${user.id}/exports/${job.data.exportId}.zip`;
    expect(await storedObjects(t.env)).toContain(key);

    const mail = await t.sink.waitFor(sentTo(user.email));
    expect(mail.subject).toBe('Petention: Ihre Daten stehen zum Herunterladen bereit');
    const link = linksIn(mail).find((l) => l.includes(apiPaths.accountExportDownload))!;
    expect(link).toMatch(/^http:\/\/.+\/v1\/account\/export\/download\?token=/);
    const url = link.slice(link.indexOf('/v1/'));

    const fetched = await download(t, user, url);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/zip');
    const entries = await unzip(fetched.rawPayload);
    expect(entries.map((e) => e.name)).toContain(
      'pets/Leas Bello/documents/Insurance/Lea blood count/befund.pdf',
    );
    expect(dataOf(entries).account.email).toBe(user.email);

    // Someone else's session with the link, a forged signature, a changed export id, no session.
    expect((await download(t, other, url)).statusCode).toBe(404);
    const token = new URL(link).searchParams.get('token')!;
    const [id, expires, signature] = token.split('.');
    const forged = `${apiPaths.accountExportDownload}?token=${id}.${expires}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await download(t, user, forged)).statusCode).toBe(404);
    const later = `${apiPaths.accountExportDownload}?token=${id}.${Number(expires) + HOUR}.${signature}`;
    expect((await download(t, user, later)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // The link expires after EXPORT_LINK_HOURS; the expiry job was queued for that moment and removes the file.
    clock.shift = 24 * HOUR + 1000;
    expect((await download(t, user, url)).statusCode).toBe(404);
    const expiry = await exportJob(user.id, QUEUES.accountExportExpiry);
    const [queued] = rowsOf<{ start_after: string | Date }>(
      await t.database.db.execute(sql`select start_after from pgboss.job where id = ${expiry.id}`),
    );
    expect(Math.abs(new Date(queued!.start_after).getTime() - Number(expires))).toBeLessThan(1000);
    await run(QUEUES.accountExportExpiry, expiry);
    expect(await storedObjects(t.env)).not.toContain(key);
    clock.shift = 0;
    expect((await download(t, user, url)).statusCode).toBe(404);
  });

  test('a small account is still downloaded at once', async () => {
    const user = await t.user();
    expect((await download(t, user)).statusCode).toBe(200);
  });
});
