import type {
  ChangeRequestInput,
  ChangeRequestResponse,
  CouponCheckResponse,
  MyOrdersResponse,
  PaymentsConfig,
  PayType,
  Plan,
  PricesResponse,
  Product,
  PublicConfig,
  SandboxConfirmRequest,
  SandboxConfirmResponse,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../../lib/api/client.ts';
import { type ProductList, productListQuery } from '../../../lib/plan/productList.ts';
import { inlinePublicConfig } from '../../../lib/publicConfig.ts';
import { billingKeys, type CheckoutChoices } from './billingKeys.ts';

// The billing calls of spec 2 sections 3-5 and 7 (issue 13): the orderable products, prices, the coupon
// check, the order and its confirmation with the payment provider, the orders list and invoices.

/** A product of the brand's list with what ordering needs besides the plan: its price ids and tracker add-on. */
export interface OrderableProduct {
  plan: Plan;
  monthlyPriceId: string | null;
  yearlyPriceId: string | null;
  trackerPrice: number;
}

export interface OrderableProducts {
  products: OrderableProduct[];
  /** The product id of a pending order, or null. */
  orderPlaced: string | null;
}

/** A product of the list as ordering reads it: no parsing here, the list query has parsed it. */
export function toOrderable(product: Product): OrderableProduct {
  return {
    plan: product,
    monthlyPriceId: product.monthly_price_id || null,
    yearlyPriceId: product.yearly_price_id || null,
    trackerPrice: product.tracker_price ?? 0,
  };
}

function toOrderableProducts(list: ProductList): OrderableProducts {
  return { products: list.products.map(toOrderable), orderPlaced: list.orderPlaced };
}

/** The app's one product-list query (lib/plan/productList.ts), as billing reads it. */
export const orderableProductsQuery = (partnerId: string) =>
  queryOptions({ ...productListQuery(partnerId), select: toOrderableProducts });

export type { CheckoutChoices };

export const NO_CHOICES: CheckoutChoices = { optionalService: false, anotherTracker: false };

export const pricesQuery = (
  productId: string,
  payType: PayType,
  couponId: string | null,
  choices: CheckoutChoices = NO_CHOICES,
) =>
  queryOptions({
    queryKey: billingKeys.prices(productId, payType, couponId, choices),
    queryFn: ({ signal }) =>
      apiFetch<PricesResponse>(apiPaths.subscriptionPrices, {
        method: 'POST',
        body: {
          product_id: productId,
          pay_type: payType,
          coupon_id: couponId,
          optional_service: choices.optionalService,
          another_tracker: choices.anotherTracker,
        },
        signal,
      }),
    staleTime: 30_000,
  });

/** GET /v1/config's payments part: which provider confirms payments in the browser. */
export const paymentsConfigQuery = queryOptions({
  queryKey: billingKeys.paymentsConfig,
  queryFn: async ({ signal }): Promise<PaymentsConfig> => {
    const config = await apiFetch<Partial<PublicConfig> | undefined>(apiPaths.config, { signal });
    return config?.payments ?? { provider: 'sandbox', publishable_key: null };
  },
  // The page's inlined copy (lib/publicConfig.ts): no request where the server put it into the HTML.
  initialData: () => inlinePublicConfig()?.payments,
  staleTime: Number.POSITIVE_INFINITY,
});

export function checkCoupon(input: {
  code: string;
  email: string;
  payType: PayType;
  productId: string;
}): Promise<CouponCheckResponse | undefined> {
  // undefined: an empty answer (204), which names no coupon.
  return apiFetch<CouponCheckResponse | undefined>(apiPaths.couponIsValid, {
    method: 'POST',
    body: {
      code_name: input.code.trim().toUpperCase(),
      email: input.email,
      duration: input.payType,
      product_id: input.productId,
      coupon_for: 'existing_customer',
    },
  });
}

export function requestChange(input: ChangeRequestInput): Promise<ChangeRequestResponse> {
  return apiFetch<ChangeRequestResponse>(apiPaths.changeRequest, { method: 'POST', body: input });
}

export function deleteOrder(orderId: string): Promise<unknown> {
  return apiFetch(apiPaths.orderDelete, { method: 'DELETE', query: { id: orderId } });
}

/** The payment intent's id: the client secret's part before `_secret_` (Stripe's format). */
export function paymentIntentId(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at === -1 ? clientSecret : clientSecret.slice(0, at);
}

export function sandboxConfirm(body: SandboxConfirmRequest): Promise<SandboxConfirmResponse> {
  const id = encodeURIComponent(paymentIntentId(body.client_secret));
  return apiFetch<SandboxConfirmResponse>(`${apiPaths.sandboxPaymentIntents}/${id}/confirm`, {
    method: 'POST',
    body,
  });
}

export function sandboxChallenge(
  clientSecret: string,
  result: 'authenticate' | 'fail',
): Promise<SandboxConfirmResponse> {
  const id = encodeURIComponent(paymentIntentId(clientSecret));
  return apiFetch<SandboxConfirmResponse>(`${apiPaths.sandboxPaymentIntents}/${id}/challenge`, {
    method: 'POST',
    body: { client_secret: clientSecret, result },
  });
}

const EMPTY_ORDERS = (page: number): MyOrdersResponse => ({ data: [], page, page_size: 20, total: 0 });

/** GET /v1/order/myorders?page=: a 204 (no orders at all) reads as an empty first page. */
export const myOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: billingKeys.orders(page),
    queryFn: async ({ signal }) =>
      (await apiFetch<MyOrdersResponse | undefined>(apiPaths.myOrders, { query: { page }, signal })) ??
      EMPTY_ORDERS(page),
  });

export function fetchInvoicePdf(orderId: string): Promise<Blob> {
  return apiFetchBlob(apiPaths.orderPdf, { query: { id: orderId } });
}
