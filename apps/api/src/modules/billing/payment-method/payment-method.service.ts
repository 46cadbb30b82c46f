import type { PaymentMethodInfo, UpdatePaymentRequest, UpdatePaymentResponse } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { badRequest, conflict } from '../../../lib/errors.ts';
import type { AppContext } from '../../../plugins/app-context.ts';
import { findCustomerRef } from '../orders/orders.repo.ts';
import { findSubscription } from '../subscription-row.ts';

// The saved payment method (ADR 0011 "Payment method"): read from the provider, and replaced through the
// provider's setup checkout, whose completion arrives as a payment_method.updated event.

export type PaymentMethodDeps = Pick<AppContext, 'db' | 'payments' | 'publicUrl'>;

const PAID = ['active', 'past_due'];

/** The method renewals are charged to; null (204) when nothing is saved. */
export async function savedPaymentMethod(
  deps: PaymentMethodDeps,
  userId: string,
): Promise<PaymentMethodInfo | null> {
  const subscription = await findSubscription(deps.db, userId);
  if (!subscription?.paymentMethodRef) return null;
  return deps.payments.describePaymentMethod(subscription.customerRef, subscription.paymentMethodRef);
}

/** Only the web's own return pages: the session must not be able to send the user anywhere else. */
function checkReturnUrls(publicUrl: string, body: UpdatePaymentRequest): void {
  const origin = new URL(publicUrl).origin;
  const wanted = { success_url: paths.paymentUpdateSuccessful, cancel_url: paths.paymentUpdateFailed };
  const fields: Record<string, string> = {};
  for (const [field, path] of Object.entries(wanted) as [keyof typeof wanted, string][]) {
    const url = new URL(body[field]);
    if (url.origin !== origin || url.pathname !== path) fields[field] = 'Invalid_Value_Error';
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

export async function startPaymentUpdate(
  deps: PaymentMethodDeps,
  userId: string,
  body: UpdatePaymentRequest,
): Promise<UpdatePaymentResponse> {
  checkReturnUrls(deps.publicUrl, body);
  const subscription = await findSubscription(deps.db, userId);
  const paid = subscription && PAID.includes(subscription.status) ? subscription : undefined;
  const customerRef = paid?.customerRef ?? (await findCustomerRef(deps.db, userId));
  if (!customerRef) throw conflict('No_Paid_Subscription_Text');
  return deps.payments.createSetupSession({
    userId,
    customerRef,
    subscriptionRef: paid?.subscriptionRef ?? null,
    successUrl: body.success_url,
    cancelUrl: body.cancel_url,
  });
}
