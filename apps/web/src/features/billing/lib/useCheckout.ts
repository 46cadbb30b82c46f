import type { PaymentMethod, PayType } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { textKeyForPaymentCode } from '@pet/shared/text-key-for-error';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorTextKey } from '../../../lib/errors.ts';
import { productListKeys } from '../../../lib/plan/productList.ts';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import type { CheckoutChoices } from '../api/billing.ts';
import { billingKeys } from '../api/billingKeys.ts';
import { useDeleteOrder, useRequestOrder, useSandboxChallenge } from '../api/useOrderMutations.ts';
import type { BillingAddressValues } from '../components/billingAddressSchema.ts';
import { type BillingDetails, type ConfirmOutcome, outcomeOf, type PaymentHandle } from './confirmation.ts';

/** What the user chose on the checkout besides the billing address: the order's plan, price and extras. */
export interface CheckoutSelection {
  productId: string;
  /** The plan's price id for the period; null when the plan has none, and nothing can be paid. */
  priceId: string | null;
  payType: PayType;
  method: PaymentMethod;
  couponId: string | null;
  choices: CheckoutChoices;
}

/** An order waiting for the sandbox's simulated 3-D Secure answer. */
interface PendingChallenge {
  orderId: string;
  secret: string;
  method: PaymentMethod;
}

export interface Checkout {
  /** Given to the payment fields, which fill it with their own check and confirmation. */
  handle: RefObject<PaymentHandle | null>;
  /** From Pay until the successful page opens, or until the payment failed. */
  processing: boolean;
  /** The failed order's or payment's text, shown above Pay. */
  payError: string | null;
  clearPayError: () => void;
  pay: (selection: CheckoutSelection, address: BillingAddressValues) => Promise<void>;
  /** The 3-D Secure question: open while an order waits for it, busy while the answer is sent. */
  challenge: { opened: boolean; busy: boolean; answer: (result: 'authenticate' | 'fail') => Promise<void> };
}

/** change/request answered without an order (an empty answer): the spec's "order not placed". */
class OrderNotPlaced extends Error {}

const AUTHENTICATION_FAILED: Extract<ConfirmOutcome, { kind: 'error' }> = {
  kind: 'error',
  code: 'authentication_failed',
  message: '',
};

/**
 * The checkout's payment (spec 2 section 4, Payment): request the order, confirm its payment with the
 * provider (with the sandbox's 3-D Secure question in between where it asks one), then open the successful
 * page. A payment the provider refuses deletes the order again and says why.
 */
export function useCheckout(): Checkout {
  const { t } = useTranslation(['billing', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handle = useRef<PaymentHandle>(null);
  const [processing, setProcessing] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<PendingChallenge | null>(null);
  const [challengeBusy, setChallengeBusy] = useState(false);
  const requestOrder = useRequestOrder();
  const deleteOrder = useDeleteOrder();
  const sandboxChallenge = useSandboxChallenge();

  const finish = async (
    orderId: string,
    method: PaymentMethod,
    outcome: Exclude<ConfirmOutcome, { kind: 'challenge' }>,
  ) => {
    if (outcome.kind === 'error') {
      await deleteOrder.mutateAsync(orderId).catch(() => undefined);
      const key = outcome.code ? textKeyForPaymentCode(outcome.code) : null;
      setPayError(key ? t(`errors:${key}`) : outcome.message || t('errors:Something_Went_Wrong'));
      setProcessing(false);
      return;
    }
    // Stale, but not fetched again here: while the successful page's code is still loading the checkout stays
    // mounted, and its price quote asked again would name a coupon the payment event has just redeemed (476).
    // The pages that show them next read them anew.
    void queryClient.invalidateQueries({ queryKey: billingKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: productListKeys.all, refetchType: 'none' });
    // The user's plan is read again by the successful page once the order is paid, not here: while that page's
    // code is still loading the checkout stays mounted, and a plan already activated by the payment event would
    // be "current" there and send the user back to step 1.
    // Marked stale all the same (not fetched): whichever page shows the plan next reads it anew.
    void queryClient.invalidateQueries({ queryKey: myInfoQueryKey, refetchType: 'none' });
    navigate(`${paths.subscriptionSuccessful}?order=${encodeURIComponent(orderId)}&method=${method}`);
  };

  const pay = async (selection: CheckoutSelection, address: BillingAddressValues) => {
    setPayError(null);
    const { priceId, method } = selection;
    if (!priceId || handle.current === null) return;
    // The payment fields show their own problem; nothing is ordered with incomplete fields.
    if (handle.current.check() !== null) return;
    setProcessing(true);
    let order: Awaited<ReturnType<typeof requestOrder.mutateAsync>>;
    try {
      order = await requestOrder.mutateAsync({
        price_id: priceId,
        product_id: selection.productId,
        pay_type: selection.payType,
        payment_method: method,
        name: address.name,
        email: address.email,
        city: address.city,
        country: address.country ?? 'DE',
        phone: address.phone,
        street: address.street,
        zipcode: address.zipcode,
        address: address.street,
        terms_accepted: address.terms,
        coupon_id: selection.couponId,
        optional_service: selection.choices.optionalService,
        another_tracker: selection.choices.anotherTracker,
      });
      if (!order?.secret || !order.order_id) throw new OrderNotPlaced();
    } catch (error) {
      setPayError(t(`errors:${error instanceof OrderNotPlaced ? 'Order_Not_Placed' : errorTextKey(error)}`));
      setProcessing(false);
      return;
    }
    const billing: BillingDetails = {
      name: address.name,
      email: address.email,
      address: {
        line1: address.street,
        city: address.city,
        postal_code: address.zipcode,
        country: address.country ?? 'DE',
      },
    };
    let outcome: ConfirmOutcome;
    try {
      outcome = await handle.current.confirm(order.secret, method, billing);
    } catch {
      outcome = { kind: 'error', code: 'processing_error', message: '' };
    }
    if (outcome.kind === 'challenge') {
      setChallenge({ orderId: order.order_id, secret: order.secret, method });
      return;
    }
    await finish(order.order_id, method, outcome);
  };

  const answerChallenge = async (result: 'authenticate' | 'fail') => {
    if (!challenge) return;
    setChallengeBusy(true);
    let outcome: ConfirmOutcome;
    try {
      outcome = outcomeOf(await sandboxChallenge.mutateAsync({ clientSecret: challenge.secret, result }));
    } catch {
      outcome = AUTHENTICATION_FAILED;
    }
    setChallenge(null);
    setChallengeBusy(false);
    // A second question after the answer is not followed: the payment counts as not authenticated.
    await finish(
      challenge.orderId,
      challenge.method,
      outcome.kind === 'challenge' ? AUTHENTICATION_FAILED : outcome,
    );
  };

  return {
    handle,
    processing,
    payError,
    clearPayError: () => setPayError(null),
    pay,
    challenge: { opened: challenge !== null, busy: challengeBusy, answer: answerChallenge },
  };
}
