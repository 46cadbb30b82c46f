import type {
  SandboxConfirmResponse,
  sandboxChallengeRequestSchema,
  sandboxConfirmRequestSchema,
} from '@pet/shared';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { findIntent, moveIntent, type SandboxIntent } from './sandbox.repo.ts';
import { type SandboxProvider, sandboxId } from './sandbox-provider.ts';
import { type ConfirmError, cardOutcome, type Outcome, sepaOutcome } from './test-instruments.ts';

// The browser's confirmation of a sandbox payment (Stripe.js's confirmCardPayment / confirmSepaDebitPayment)
// and the simulated 3-D Secure page's answer. The client secret authorises, as at Stripe.

type ConfirmInput = z.output<typeof sandboxConfirmRequestSchema>;
type ChallengeInput = z.output<typeof sandboxChallengeRequestSchema>;

export type SandboxDeps = Pick<AppContext, 'db' | 'clock'> & { sandbox: SandboxProvider };

const answer = (
  intent: SandboxIntent,
  nextAction: { challengeId: string } | null = null,
): SandboxConfirmResponse => ({
  paymentIntent: {
    id: intent.id,
    status: intent.status as NonNullable<SandboxConfirmResponse['paymentIntent']>['status'],
    next_action: nextAction ? { type: 'sandbox_challenge', challenge_id: nextAction.challengeId } : null,
  },
  error: null,
});

const refusal = (error: ConfirmError): SandboxConfirmResponse => ({ paymentIntent: null, error });

const unexpectedState = (intent: SandboxIntent): SandboxConfirmResponse =>
  refusal({
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    decline_code: null,
    message: `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
  });

async function authorized(deps: SandboxDeps, id: string, secret: string): Promise<SandboxIntent> {
  const intent = await deps.sandbox.authorizedIntent(deps.db, id, secret);
  // A wrong secret answers like an unknown id.
  if (!intent) throw notFound();
  return intent;
}

export async function confirmIntent(
  deps: SandboxDeps,
  id: string,
  input: ConfirmInput,
): Promise<SandboxConfirmResponse> {
  const intent = await authorized(deps, id, input.client_secret);
  const method = input.payment_method;
  const wanted = method.type === 'card' ? 'card' : 'sepa';
  if (wanted !== intent.method) {
    return refusal({
      type: 'invalid_request_error',
      code: 'payment_intent_incompatible_payment_method',
      decline_code: null,
      message: 'The payment method type is not allowed for this PaymentIntent.',
    });
  }
  const outcome: Outcome =
    method.type === 'card' ? cardOutcome(method.card, deps.clock()) : sepaOutcome(method.sepa_debit.iban);
  // Elements' own checks happen in the browser at Stripe: nothing changes at the intent.
  if (outcome.kind === 'invalid') return refusal(outcome.error);

  return inTransaction(deps.db, async (tx) => {
    const current = await findIntent(tx, id, { lock: true });
    if (current?.status !== 'requires_payment_method') return unexpectedState(current ?? intent);
    switch (outcome.kind) {
      case 'declined': {
        await moveIntent(tx, id, ['requires_payment_method'], { lastError: outcome.error });
        await deps.sandbox.emit(tx, id, 'payment_intent.payment_failed');
        return refusal(outcome.error);
      }
      case 'succeeded': {
        const moved = await moveIntent(tx, id, ['requires_payment_method'], {
          status: 'succeeded',
          outcome: 'succeeded',
          paymentMethodLabel: outcome.label,
          lastError: null,
          metadata: { ...current.metadata, payment_method: outcome.paymentMethodRef },
        });
        await deps.sandbox.emit(tx, id, 'payment_intent.succeeded');
        return answer(moved!);
      }
      case 'challenge': {
        const challengeId = sandboxId('chl');
        const moved = await moveIntent(tx, id, ['requires_payment_method'], {
          status: 'requires_action',
          outcome: 'challenge',
          paymentMethodLabel: outcome.label,
          lastError: null,
          metadata: {
            ...current.metadata,
            challenge_id: challengeId,
            payment_method: outcome.paymentMethodRef,
          },
        });
        return answer(moved!, { challengeId });
      }
      case 'sepa': {
        const moved = await moveIntent(tx, id, ['requires_payment_method'], {
          status: 'processing',
          outcome: outcome.settles,
          paymentMethodLabel: outcome.label,
          lastError: null,
          metadata: { ...current.metadata, payment_method: outcome.paymentMethodRef },
        });
        await deps.sandbox.emit(tx, id, 'payment_intent.processing');
        await deps.sandbox.emit(
          tx,
          id,
          outcome.settles === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
          { delayMs: deps.sandbox.settleMs, settle: true },
        );
        return answer(moved!);
      }
    }
  });
}

const AUTHENTICATION_FAILED: ConfirmError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  decline_code: null,
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export async function answerChallenge(
  deps: SandboxDeps,
  id: string,
  input: ChallengeInput,
): Promise<SandboxConfirmResponse> {
  const intent = await authorized(deps, id, input.client_secret);
  return inTransaction(deps.db, async (tx) => {
    const current = await findIntent(tx, id, { lock: true });
    if (current?.status !== 'requires_action') return unexpectedState(current ?? intent);
    if (input.result === 'authenticate') {
      const moved = await moveIntent(tx, id, ['requires_action'], {
        status: 'succeeded',
        outcome: 'succeeded',
      });
      await deps.sandbox.emit(tx, id, 'payment_intent.succeeded');
      return answer(moved!);
    }
    await moveIntent(tx, id, ['requires_action'], {
      status: 'requires_payment_method',
      outcome: 'authentication_failed',
      lastError: AUTHENTICATION_FAILED,
    });
    await deps.sandbox.emit(tx, id, 'payment_intent.payment_failed');
    return refusal(AUTHENTICATION_FAILED);
  });
}
