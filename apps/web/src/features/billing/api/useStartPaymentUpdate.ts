import { useMutation } from '@tanstack/react-query';
import { billingMutationKeys } from './billingKeys.ts';
import { startPaymentUpdate } from './paymentMethod.ts';

/** POST /v1/subscription/update_payment, then the browser goes to the provider's page it answers. */
export function useStartPaymentUpdate() {
  return useMutation({
    mutationKey: billingMutationKeys.paymentUpdate,
    mutationFn: startPaymentUpdate,
    onSuccess: (session) => window.location.assign(session.url),
  });
}
