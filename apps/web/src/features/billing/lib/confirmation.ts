import type { PaymentMethod, SandboxConfirmResponse } from '@pet/shared';

// One shape for what confirming a payment in the browser ends in, whichever provider confirms it.

export interface BillingDetails {
  name: string;
  email: string;
  address: { line1: string; city: string; postal_code: string; country: string };
}

export type ConfirmOutcome =
  | { kind: 'done'; status: 'succeeded' | 'processing' }
  /** The sandbox's simulated 3-D Secure step: the page asks the user, then calls /challenge. */
  | { kind: 'challenge' }
  /** `code`: the provider's decline code, else its error code; `message`: its own text, shown when unmapped. */
  | { kind: 'error'; code: string | null; message: string };

/** What the payment fields expose to the checkout: their own check, then the confirmation. */
export interface PaymentHandle {
  /** The first problem of the fields as an Elements code, or null when they are complete. */
  check(): string | null;
  confirm(clientSecret: string, method: PaymentMethod, billing: BillingDetails): Promise<ConfirmOutcome>;
}

interface ProviderResult {
  paymentIntent?: { status: string; next_action?: unknown } | null;
  error?: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
}

/** Reads Stripe's `{ paymentIntent } | { error }` result (the sandbox answers the same shape). */
export function outcomeOf(result: ProviderResult | SandboxConfirmResponse): ConfirmOutcome {
  if (result.error) {
    return {
      kind: 'error',
      code: result.error.decline_code ?? result.error.code ?? null,
      message: result.error.message ?? '',
    };
  }
  const status = result.paymentIntent?.status;
  if (status === 'succeeded' || status === 'processing') return { kind: 'done', status };
  if (status === 'requires_action') return { kind: 'challenge' };
  return { kind: 'error', code: 'card_declined', message: '' };
}
