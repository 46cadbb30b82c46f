import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { card, confirm, orderReaches, placeOrder } from '../../../test/support/billing.ts';
import { rowsOf } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { QUEUES } from '../../job-registry.ts';
import type { JobContext } from '../../jobs/define-job.ts';
import { sandboxDeliveryHandler } from './sandbox-delivery.ts';

// The sandbox's event delivery (pg-boss queue payments.sandbox-deliver): a delivery whose webhook call fails
// is retried by pg-boss and the event lands exactly once. The worker is the real one on the real queue; only
// its way to the webhook is wrapped here, to fail its first call.

const t = useTestApp();

type Inject = FastifyInstance['inject'];
type Failure = 'answers 503' | 'throws after landing';

/** How the webhook fails the current test's first delivery call, and whether it did. */
let failure: Failure;
let failed = false;
/** What each webhook call of the delivery did: the status the worker saw, or that it threw. */
const calls: string[] = [];

/** The app as the delivery worker sees it, with a webhook that fails its first call as the test says. */
const flakyWebhook: Pick<JobContext, 'sandboxPayments' | 'inject'> = {
  get sandboxPayments() {
    return t.app.ctx.sandboxPayments;
  },
  inject: (async (options: InjectOptions) => {
    if (!failed && failure === 'answers 503') {
      failed = true;
      calls.push('503');
      // A proxy in front of the route, down for a moment: the event never reached it.
      return { statusCode: 503, body: '' };
    }
    const response = await t.app.inject(options);
    calls.push(`${response.statusCode} ${response.json().result}`);
    if (!failed) {
      failed = true;
      // The event landed, but the answer was lost on the way back.
      throw new Error('connection reset');
    }
    return response;
  }) as unknown as Inject,
};

beforeAll(async () => {
  await t.app.ctx.jobs.work(
    { [QUEUES.sandboxDeliver]: sandboxDeliveryHandler(flakyWebhook) },
    { pollingIntervalSeconds: 0.5 },
  );
});

async function deliveryJobs(intentId: string) {
  const result = await t.database.db.execute(
    sql`select state, retry_count from pgboss.job where name = ${QUEUES.sandboxDeliver} and data->>'intentId' = ${intentId}`,
  );
  return rowsOf<{ state: string; retry_count: number }>(result);
}

async function jobsDone(intentId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await deliveryJobs(intentId);
    if (jobs.length > 0 && jobs.every((job) => job.state === 'completed')) return jobs;
    if (Date.now() > until) throw new Error(`delivery jobs: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function countOf(query: ReturnType<typeof sql>) {
  return rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;
}

describe.each<Failure>(['answers 503', 'throws after landing'])(
  'a delivery whose webhook call %s',
  (mode) => {
    test('is retried by pg-boss and lands exactly once', async () => {
      failure = mode;
      failed = false;
      calls.length = 0;
      const user = await t.user();
      const placed = await placeOrder(t, user, 'premium');
      const intentId = placed.secret.slice(0, placed.secret.indexOf('_secret_'));
      const confirmed = await confirm(t, placed.secret, card('4242424242424242'));
      expect(confirmed.body.paymentIntent?.status).toBe('succeeded');

      const paid = await orderReaches(t, placed.order_id, 'paid', 20_000);
      expect(await jobsDone(intentId)).toEqual([{ state: 'completed', retry_count: 1 }]);
      expect(calls).toEqual(
        mode === 'answers 503' ? ['503', '200 applied'] : ['200 applied', '200 duplicate'],
      );
      expect(paid.invoiceNumber).toMatch(/^PE-/);
      expect(
        await countOf(
          sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.orderConfirmation} and data->>'orderId' = ${placed.order_id}`,
        ),
      ).toBe(1);
      expect(
        await countOf(
          sql`select count(*)::int as n from orders where user_id = ${user.id} and invoice_number is not null`,
        ),
      ).toBe(1);
    });
  },
);
