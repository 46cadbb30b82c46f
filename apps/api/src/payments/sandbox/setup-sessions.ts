import { randomBytes } from 'node:crypto';
import { apiPaths } from '@pet/shared/paths';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema/index.ts';
import type { PaymentEvent, SetupSessionInput } from '../provider.ts';
import { type SandboxDeliveryJob, SETUP_COMPLETED } from './sandbox-events.ts';
import { SAVED_TEST_METHODS, savedMethodLabel } from './saved-methods.ts';

// The sandbox's setup checkout sessions (POST /v1/subscription/update_payment): rows of the payment
// intents table with metadata.kind 'setup' and no amount, so no second table is needed. The session id is
// the capability of its page, as Stripe Checkout's URL is; the row has no client secret anyone knows, so the
// payment intents' confirm route can never act on a session. Completion is delivered as a
// Stripe-shaped `checkout.session.completed` event that names the saved test method.

export type SetupSession = typeof sandboxPaymentIntents.$inferSelect & {
  metadata: SetupMetadata;
};

interface SetupMetadata extends Record<string, string> {
  kind: 'setup';
  user_id: string;
  subscription_ref: string;
  success_url: string;
  cancel_url: string;
}

export async function createSetupSession(
  db: DbOrTx,
  publicUrl: string,
  input: SetupSessionInput,
): Promise<{ id: string; url: string }> {
  const id = `cs_${randomBytes(18).toString('base64url')}`;
  const metadata: SetupMetadata = {
    kind: 'setup',
    user_id: input.userId,
    subscription_ref: input.subscriptionRef ?? '',
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
  await db.insert(sandboxPaymentIntents).values({
    id,
    // No secret was ever given out, so no client secret hashes to this.
    clientSecretHash: randomBytes(32).toString('hex'),
    customerRef: input.customerRef,
    amountCents: 0,
    method: 'card',
    metadata,
  });
  return { id, url: `${new URL(publicUrl).origin}${apiPaths.sandboxCheckout}/${id}` };
}

export async function findSetupSession(
  db: DbOrTx,
  id: string,
  options: { lock: boolean } = { lock: false },
): Promise<SetupSession | undefined> {
  const query = db
    .select()
    .from(sandboxPaymentIntents)
    .where(and(eq(sandboxPaymentIntents.id, id), sql`${sandboxPaymentIntents.metadata}->>'kind' = 'setup'`));
  const [row] = options.lock ? await query.for('update') : await query;
  return row as SetupSession | undefined;
}

/** Ends an open session: succeeded with the saved method, or canceled. False when it was not open. */
export async function closeSetupSession(
  db: DbOrTx,
  session: SetupSession,
  saved: { methodRef: string } | 'canceled',
): Promise<boolean> {
  const method = saved === 'canceled' ? undefined : SAVED_TEST_METHODS[saved.methodRef];
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set(
      saved === 'canceled' || !method
        ? { status: 'canceled' }
        : {
            status: 'succeeded',
            method: method.type,
            paymentMethodLabel: savedMethodLabel(method),
            metadata: { ...session.metadata, payment_method: saved.methodRef },
          },
    )
    .where(
      and(
        eq(sandboxPaymentIntents.id, session.id),
        eq(sandboxPaymentIntents.status, 'requires_payment_method'),
      ),
    )
    .returning({ id: sandboxPaymentIntents.id });
  return row !== undefined;
}

/** The completed session as Stripe's event shows it (the saved method inlined, as the sandbox's stand-in). */
export function setupEventPayload(job: SandboxDeliveryJob, session: SetupSession): string {
  return JSON.stringify({
    id: job.eventId,
    object: 'event',
    type: SETUP_COMPLETED,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'setup',
        status: 'complete',
        customer: session.customerRef,
        metadata: session.metadata,
        payment_method: session.metadata.payment_method ?? null,
        payment_method_label: session.paymentMethodLabel,
      },
    },
  });
}

export function setupEventFromSandbox(event: {
  id: string;
  created: number;
  data: { object: unknown };
}): PaymentEvent | null {
  const session = event.data.object as {
    customer?: string;
    metadata?: Partial<SetupMetadata>;
    payment_method?: string | null;
    payment_method_label?: string | null;
  };
  if (!session.payment_method) return null;
  return {
    id: event.id,
    provider: 'sandbox',
    type: 'payment_method.updated',
    customerRef: session.customer ?? null,
    subscriptionRef: session.metadata?.subscription_ref || null,
    paymentMethodRef: session.payment_method,
    paymentMethodLabel: session.payment_method_label ?? null,
    paymentRef: '',
    occurredAt: new Date(event.created * 1000),
    failureCode: null,
    failureMessage: null,
  };
}
