import { useMutation } from '@tanstack/react-query';
import { billingMutationKeys } from './billingKeys.ts';
import { startPaymentUpdate } from './paymentMethod.ts';

// The saved payment method's one write (spec 2 section 7: update_payment), beside its read (paymentMethod.ts):
// the update page alone loads it, so the subscription pages never carry the payment method's code.

/** POST /v1/subscription/update_payment, then the browser goes to the provider's page it answers. */
export function useStartPaymentUpdate() {
  return useMutation({
    mutationKey: billingMutationKeys.paymentUpdate,
    mutationFn: startPaymentUpdate,
    onSuccess: (session) => window.location.assign(session.url),
  });
}
