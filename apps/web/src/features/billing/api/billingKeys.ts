import type { PayType } from '@pet/shared';

// Billing's cache and mutation keys, the one place they are spelled. Everything billing reads sits under
// ['billing'], so a refresh after a payment can mark it all stale at once. The product list is not billing's:
// it is the app's one product-list query (lib/plan/productList.ts), shared with the plans feature.

/** The checkout's boxes that change the price: the brand's optional service, another GPS tracker. */
export interface CheckoutChoices {
  optionalService: boolean;
  anotherTracker: boolean;
}

export const billingKeys = {
  all: ['billing'] as const,
  prices: (productId: string, payType: PayType, couponId: string | null, choices: CheckoutChoices) =>
    ['billing', 'prices', productId, payType, couponId, choices] as const,
  paymentsConfig: ['billing', 'payments-config'] as const,
  orders: (page: number) => ['billing', 'orders', page] as const,
  cancelAt: ['billing', 'cancelat'] as const,
  paymentMethod: ['billing', 'payment-method'] as const,
};

/** The billing writes; a failure is reported once, by the query client's MutationCache (app/queryClient.ts). */
export const billingMutationKeys = {
  order: ['billing', 'order'],
  deleteOrder: ['billing', 'order-delete'],
  sandboxConfirm: ['billing', 'sandbox-confirm'],
  sandboxChallenge: ['billing', 'sandbox-challenge'],
  checkCoupon: ['billing', 'coupon-check'],
  cancel: ['billing', 'cancel'],
  revokeCancellation: ['billing', 'cancel-revoke'],
  scheduleDowngrade: ['billing', 'downgrade'],
  withdrawDowngrade: ['billing', 'downgrade-withdraw'],
  paymentUpdate: ['billing', 'payment-update'],
} as const;
