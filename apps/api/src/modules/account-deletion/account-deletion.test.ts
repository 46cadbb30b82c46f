import { ACCOUNT_DELETION_HOURS, deleteAccountResponseSchema } from '@pet/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  deletionJobOf,
  pendingJobsNaming,
  requestDeletion,
  rowsNaming,
  runDeletionJob,
  seedEverything,
  signOut,
  tracesOf,
} from '../../../test/support/account-deletion.ts';
import { as, signInRequest, type TestUser } from '../../../test/support/accounts.ts';
import { storedOrder } from '../../../test/support/invoices.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { rowsOf } from '../../../test/support/pets.ts';
import { storedObjects } from '../../../test/support/stored-objects.ts';
import { settableClock } from '../../../test/support/subscription.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { orders, users } from '../../db/schema/index.ts';
import { QUEUES } from '../../job-registry.ts';
import { invoiceDeps, invoiceFile } from '../billing/invoices/invoice-file.ts';
import { eraseAccount } from './erasure.ts';

// Deleting the account (issue 15, ADR 0012): DELETE /v1/auth/deleteuseracc records the request; the next
// sign-out or the job ACCOUNT_DELETION_HOURS later erases every row and file of the user, keeps the
// invoices anonymised, and sign-in is refused in between. The files on S3: account-deletion-s3.test.ts; the
// cancel at Stripe: account-deletion-stripe.test.ts.

const HOUR = 3_600_000;
const clock = settableClock();
const t = useTestApp({ clock: clock.read });

const rowOf = async (userId: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0];

async function jobRow(id: string) {
  const [row] = rowsOf<{ data: unknown }>(
    await t.database.db.execute(sql`select data from pgboss.job where id::text = ${id}`),
  );
  return row;
}

async function requested(user: TestUser) {
  const answer = await requestDeletion(t, user, user.id);
  expect(answer.statusCode, answer.body).toBe(200);
  return deleteAccountResponseSchema.parse(answer.json());
}

describe('DELETE /v1/auth/deleteuseracc', () => {
  test('another user’s id and an unknown one answer 404 alike and change nothing', async () => {
    const owner = await t.user();
    const stranger = await t.user();
    const theirs = await requestDeletion(t, stranger, owner.id);
    const unknown = await requestDeletion(t, stranger, 'no-such-user');
    expect(theirs.statusCode).toBe(404);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({
      status: unknown.statusCode,
      body: unknown.json(),
    });
    for (const user of [owner, stranger]) {
      expect((await rowOf(user.id))?.deletionRequestedAt).toBeNull();
      expect(await pendingJobsNaming(t, user.id)).toEqual([]);
    }
  });

  test('records the request with one job due 24 hours later; a repeat answers the same and sends none', async () => {
    const user = await t.user();
    const now = new Date('2026-11-24T10:00:00.000Z');
    clock.set(now);
    const first = await requested(user);
    const due = new Date(now.getTime() + ACCOUNT_DELETION_HOURS * HOUR);
    expect(first.deletes_at).toBe(due.toISOString());
    const row = await rowOf(user.id);
    expect(row?.deletionRequestedAt?.toISOString()).toBe(now.toISOString());
    const job = await deletionJobOf(t, user.id);
    expect(row?.deletionJobId).toBe(job.id);
    expect(job.state).toBe('created');
    expect(job.startAfter.toISOString()).toBe(due.toISOString());
    // Its data names nobody (the user's row names the job), so the finished job pg-boss keeps holds no trace.
    expect(job.data).toEqual({});

    clock.set(new Date(now.getTime() + HOUR));
    expect(await requested(user)).toEqual(first);
    expect((await deletionJobOf(t, user.id)).id).toBe(job.id);
    expect(await pendingJobsNaming(t, user.id)).toEqual([QUEUES.accountDeletion]);
    // The account still works until it is erased (the web's next step is the sign-out).
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user) })).statusCode,
    ).toBe(200);
    clock.set(new Date());
  });

  test('signing in while the deletion is pending is refused with 403 and the text', async () => {
    const user = await t.user({ password: 'long-enough-pass-1' });
    await requested(user);
    const answer = await signInRequest(t.app, { email: user.email, password: 'long-enough-pass-1' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: 'ACCOUNT_DELETION_PENDING',
      message: 'Account_Deletion_Pending_Text',
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
    // A wrong password still answers as a wrong password: the refusal tells nothing without the right one.
    const wrong = await signInRequest(t.app, { email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('the erasure', () => {
  test('the sign-out erases every row and file of the user; invoices stay, anonymised and printable', async () => {
    const user = await t.user({ plan: 'premium' });
    await seedEverything(t, user);
    const bystander = await t.user({ plan: 'premium' });
    await seedEverything(t, bystander);
    const [paid] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), isNotNull(orders.invoiceNumber)));
    expect(paid?.invoiceNumber).toBeTruthy();
    expect((await rowsNaming(t, user)).filter((left) => left.rows > 0).length).toBeGreaterThan(10);
    // The reminders' jobs name their records, not the user.
    expect(
      (await rowsNaming(t, user, await tracesOf(t, user))).some(
        (left) => left.table.startsWith('pgboss.') && left.rows > 0,
      ),
    ).toBe(true);
    expect((await storedObjects(t.env)).some((key) => key.startsWith(`users/${user.id}/`))).toBe(true);
    const bystanderRows = await rowsNaming(t, bystander);
    const bystanderFiles = (await storedObjects(t.env)).filter((key) =>
      key.startsWith(`users/${bystander.id}/`),
    );
    const ordersBefore = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));

    await requested(user);
    const traces = await tracesOf(t, user);
    const signedOut = await signOut(t, user);
    expect(signedOut.statusCode).toBe(200);

    // Not a row of any table, pg-boss's jobs of every state included, names the user or their records.
    expect((await rowsNaming(t, user, traces)).filter((left) => left.rows > 0)).toEqual([]);
    expect(await pendingJobsNaming(t, user.id)).toEqual([]);
    expect((await storedObjects(t.env)).filter((key) => key.includes(user.id))).toEqual([]);
    // Nobody else's data went with it.
    expect(await rowsNaming(t, bystander)).toEqual(bystanderRows);
    expect((await storedObjects(t.env)).filter((key) => key.startsWith(`users/${bystander.id}/`))).toEqual(
      bystanderFiles,
    );
    // The session is gone with the account.
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user) })).statusCode,
    ).toBe(401);

    // The invoices the law keeps: without the user, the e-mail and the phone; the PDF is made again.
    const kept = await t.database.db.select().from(orders).where(eq(orders.id, paid!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ userId: null, invoiceNumber: paid!.invoiceNumber });
    expect(kept[0]!.billingAddress).toMatchObject({ email: '', phone: '' });
    // The orders without an invoice (the seeded pending one) are gone.
    const left = new Set((await t.database.db.select({ id: orders.id }).from(orders)).map((row) => row.id));
    expect(ordersBefore.some((order) => !order.invoiceNumber)).toBe(true);
    expect(ordersBefore.filter((order) => left.has(order.id))).toEqual(
      ordersBefore.filter((order) => order.invoiceNumber),
    );
    const pdf = await invoiceFile(invoiceDeps(t.app.ctx), await storedOrder(t, paid!.id));
    expect(await pdfText(pdf.body)).toContain(paid!.invoiceNumber!);

    const mail = await t.sink.waitFor(
      (m) => m.envelope.to.includes(user.email.toLowerCase()) && /deleted/.test(m.subject ?? ''),
    );
    expect(mail.text).toContain('invoices');
  });

  test('the job 24 hours later erases it when no sign-out came; run again it does nothing', async () => {
    const user = await t.user({ language: 'de', plan: 'premium' });
    await seedEverything(t, user);
    const now = new Date();
    clock.set(now);
    await requested(user);
    const job = await deletionJobOf(t, user.id);
    expect(job.startAfter.getTime()).toBe(now.getTime() + ACCOUNT_DELETION_HOURS * HOUR);
    // The running job's row stays for pg-boss to finish (its own id is no trace of the user).
    const traces = (await tracesOf(t, user)).filter((trace) => trace !== job.id);
    await runDeletionJob(t, job.id);
    expect((await rowsNaming(t, user, traces)).filter((left) => left.rows > 0)).toEqual([]);
    expect((await jobRow(job.id))?.data).toEqual({});
    const mail = await t.sink.waitFor((m) => m.envelope.to.includes(user.email.toLowerCase()));
    expect(mail.subject).toContain('Ihr Konto wurde gelöscht');

    const mails = t.sink.messages.length;
    await runDeletionJob(t, job.id);
    expect(await eraseAccount(t.app.ctx, user.id)).toBe(false);
    expect(t.sink.messages.length).toBe(mails);
    clock.set(new Date());
  });

  test('a sign-out first cancels the job; its late run finds nothing to do', async () => {
    const user = await t.user();
    await requested(user);
    const job = await deletionJobOf(t, user.id);
    const traces = await tracesOf(t, user);
    expect((await signOut(t, user)).statusCode).toBe(200);
    expect((await rowsNaming(t, user, traces)).filter((left) => left.rows > 0)).toEqual([]);
    await runDeletionJob(t, job.id);
    expect(await rowOf(user.id)).toBeUndefined();
  });

  test('a sign-out without a pending deletion erases nothing', async () => {
    const user = await t.user();
    expect((await signOut(t, user)).statusCode).toBe(200);
    expect(await rowOf(user.id)).toBeDefined();
  });
});
