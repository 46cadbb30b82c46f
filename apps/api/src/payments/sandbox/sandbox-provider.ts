import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import type { PaymentEvent, PaymentProvider } from '../provider.ts';
import { signStripePayload, verifyStripeSignature } from '../webhook-signature.ts';
import { findIntent, insertIntent, moveIntent, type SandboxIntent } from './sandbox.repo.ts';
import { sandboxDeliverJob } from './sandbox-delivery.ts';
import {
  type SandboxDelivery,
  type SandboxDeliveryJob,
  type SandboxEmit,
  SETUP_COMPLETED,
} from './sandbox-events.ts';
import { chargeSandboxRenewal, renewalFields } from './sandbox-renewals.ts';
import { describeSavedMethod, SAVED_TEST_METHODS } from './saved-methods.ts';
import {
  createSetupSession,
  findSetupSession,
  setupEventFromSandbox,
  setupEventPayload,
} from './setup-sessions.ts';

// The offline payment provider: behaves like Stripe's test mode (test-instruments.ts) with its own payment
// intents table, and sends Stripe-shaped, Stripe-signed events through a job to the one webhook route, so
// the order code and the signature check are the ones Stripe's events meet.

export const sandboxId = (prefix: 'pi' | 'cus' | 'sub' | 'evt' | 'chl') =>
  `${prefix}_${randomBytes(12).toString('base64url')}`;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface SandboxProvider extends PaymentProvider, SandboxDelivery {
  readonly name: 'sandbox';
  /** The intent a browser call names, when its client secret is the intent's (else undefined: 404). */
  authorizedIntent(db: Db | Tx, id: string, clientSecret: string): Promise<SandboxIntent | undefined>;
  /** Queues an event for the webhook route (in the caller's transaction), at once or after `delayMs`. */
  emit: SandboxEmit;
  readonly settleMs: number;
}

/**
 * Built before the app's container (it is one of its parts): `publicUrl` is the setup checkout page's origin,
 * `clock` the "now" a saved test card expires a year after, as the setup page checks it.
 */
export type SandboxProviderDeps = Pick<AppContext, 'db' | 'jobs' | 'publicUrl' | 'clock'> & {
  webhookSecret: string | undefined;
  settleMs: number;
};

export function createSandboxProvider(deps: SandboxProviderDeps): SandboxProvider {
  const { db, jobs } = deps;
  // Events never leave the process, so a secret drawn at start is enough when none is configured.
  const secret = deps.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;

  const eventPayload = (job: SandboxDeliveryJob, intent: SandboxIntent) =>
    JSON.stringify({
      id: job.eventId,
      object: 'event',
      type: job.type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amountCents,
          currency: intent.currency,
          customer: intent.customerRef,
          status: intent.status,
          payment_method_types: [intent.method === 'sepa' ? 'sepa_debit' : 'card'],
          last_payment_error: job.type === 'payment_intent.payment_failed' ? intent.lastError : null,
          metadata: intent.metadata,
          // The confirmed test method's id (pm_card_visa, pm_sepa_debit_de, …: saved-methods.ts), saved for renewals.
          payment_method: intent.metadata.payment_method ?? null,
          // The sandbox's stand-in for the expanded payment method Stripe's provider reads the label from.
          payment_method_label: intent.paymentMethodLabel,
        },
      },
    });

  const provider: SandboxProvider = {
    name: 'sandbox',
    publishableKey: null,
    settleMs: deps.settleMs,

    async createCustomer() {
      return sandboxId('cus');
    },

    async startPayment(input) {
      const id = sandboxId('pi');
      const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url')}`;
      await insertIntent(db, {
        id,
        clientSecretHash: hashSecret(clientSecret),
        customerRef: input.customerRef,
        amountCents: input.totalCents,
        method: input.method,
        metadata: { order_id: input.orderId, price_id: input.priceId },
      });
      return { paymentRef: id, clientSecret, subscriptionRef: sandboxId('sub') };
    },

    async cancelPayment(paymentRef) {
      const canceled = await moveIntent(db, paymentRef, ['requires_payment_method', 'requires_action'], {
        status: 'canceled',
      });
      if (canceled) return true;
      const intent = await findIntent(db, paymentRef);
      return !intent || intent.status === 'canceled';
    },

    async paidMethod(paymentRef) {
      // Its events carry the method already; this answers the same from the intent (nothing to make default).
      const intent = await findIntent(db, paymentRef);
      return {
        paymentMethodRef: intent?.metadata.payment_method ?? null,
        label: intent?.paymentMethodLabel ?? null,
      };
    },

    async endSubscription() {
      // The sandbox's subscriptions exist only as ids: nothing renews, so there is nothing to stop.
    },

    async describePaymentMethod(_customerRef, paymentMethodRef) {
      return describeSavedMethod(paymentMethodRef, deps.clock());
    },

    createSetupSession: (input) => createSetupSession(db, deps.publicUrl, input),

    async completeSetup(event) {
      // The sandbox's event names the saved test method already; there is no default to set elsewhere.
      const ref = event.paymentMethodRef;
      const method = ref ? SAVED_TEST_METHODS[ref] : undefined;
      if (!ref || !method) return null;
      return {
        paymentMethodRef: ref,
        method: method.type,
        label: event.paymentMethodLabel ?? null,
      };
    },

    chargeRenewal(input) {
      return chargeSandboxRenewal({ db, emit: provider.emit, settleMs: deps.settleMs }, input);
    },

    // Our own term-end job renews sandbox subscriptions from our rows (cancel_at, downgrade_price_id): the
    // provider keeps no schedule of its own to tell.
    async setCancelAtPeriodEnd() {},
    async setNextTermPrice() {},

    parseEvent(rawBody, signatureHeader): PaymentEvent | null {
      const event = verifyStripeSignature(rawBody, signatureHeader, secret);
      if (event.type === SETUP_COMPLETED) return setupEventFromSandbox(event);
      const types: Record<string, PaymentEvent['type']> = {
        'payment_intent.succeeded': 'payment.succeeded',
        'payment_intent.processing': 'payment.processing',
        'payment_intent.payment_failed': 'payment.failed',
      };
      const type = types[event.type];
      if (!type) return null;
      const object = event.data.object as unknown as {
        id: string;
        amount?: number;
        customer?: string | null;
        metadata?: Record<string, string>;
        payment_method?: string | null;
        payment_method_label?: string | null;
        last_payment_error?: { code?: string; decline_code?: string | null; message?: string } | null;
      };
      const error = object.last_payment_error ?? null;
      return {
        id: event.id,
        provider: 'sandbox',
        type,
        paymentRef: object.id,
        occurredAt: new Date(event.created * 1000),
        paymentMethodLabel: object.payment_method_label ?? null,
        paymentMethodRef: object.payment_method ?? null,
        ...renewalFields(object),
        failureCode:
          type === 'payment.failed' ? (error?.decline_code ?? error?.code ?? 'payment_failed') : null,
        failureMessage: type === 'payment.failed' ? (error?.message ?? null) : null,
      };
    },

    async authorizedIntent(runner, id, clientSecret) {
      const intent = await findIntent(runner, id);
      if (!intent) return undefined;
      const given = Buffer.from(hashSecret(clientSecret));
      const stored = Buffer.from(intent.clientSecretHash);
      return given.length === stored.length && timingSafeEqual(given, stored) ? intent : undefined;
    },

    async emit(tx, intentId, type, options = {}) {
      const job: SandboxDeliveryJob = { eventId: sandboxId('evt'), intentId, type };
      if (options.settle) job.settle = true;
      const startAfter = options.delayMs ? new Date(Date.now() + options.delayMs) : undefined;
      await jobs.send(sandboxDeliverJob, job, { tx, ...(startAfter ? { startAfter } : {}) });
    },

    async prepareDelivery(job) {
      if (job.type === SETUP_COMPLETED) {
        const session = await findSetupSession(db, job.intentId);
        if (!session) return null;
        const payload = setupEventPayload(job, session);
        return { payload, signature: signStripePayload(payload, secret) };
      }
      const intent = await inTransaction(db, async (tx) => {
        if (job.settle) {
          const failed = job.type === 'payment_intent.payment_failed';
          await moveIntent(tx, job.intentId, ['processing'], {
            status: failed ? 'requires_payment_method' : 'succeeded',
            lastError: failed
              ? {
                  code: 'sepa_debit_failed',
                  decline_code: null,
                  message: 'The SEPA Direct Debit was not paid.',
                }
              : null,
          });
        }
        return findIntent(tx, job.intentId);
      });
      if (!intent) return null;
      const payload = eventPayload(job, intent);
      return { payload, signature: signStripePayload(payload, secret) };
    },
  };
  return provider;
}
