import type { PaymentMethodInfo, UpdatePaymentResponse } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { billingKeys } from './billingKeys.ts';

// The saved payment method (spec 2 section 7: payment_method, update_payment; issue 14).

export const paymentMethodQueryKey = billingKeys.paymentMethod;

/** GET /v1/user/payment_method: null when none is saved (204). */
export const paymentMethodQuery = () =>
  queryOptions({
    queryKey: paymentMethodQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch<PaymentMethodInfo | undefined>(apiPaths.paymentMethod, { signal })) ?? null,
  });

/** POST /v1/subscription/update_payment: the provider's page, which returns to this site's result pages. */
export function startPaymentUpdate(): Promise<UpdatePaymentResponse> {
  const origin = window.location.origin;
  return apiFetch<UpdatePaymentResponse>(apiPaths.updatePayment, {
    method: 'POST',
    body: {
      success_url: `${origin}${paths.paymentUpdateSuccessful}`,
      cancel_url: `${origin}${paths.paymentUpdateFailed}`,
    },
  });
}
