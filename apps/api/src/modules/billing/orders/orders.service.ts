import { randomUUID } from 'node:crypto';
import {
  type ChangeRequestResponse,
  COUPON_MESSAGES,
  type changeRequestSchema,
  MIN_PAYMENT_CENTS,
  type MyOrdersResponse,
  type OrderType,
} from '@pet/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import {
  amountTooSmall,
  conflict,
  couponRefused,
  forbidden,
  notFound,
  orderPending,
  serviceUnavailable,
} from '../../../lib/errors.ts';
import { CouponRefusedError, type PaymentProvider } from '../../../payments/provider.ts';
import type { AppContext } from '../../../plugins/app-context.ts';
import { findProductById } from '../../plans/products.repo.ts';
import type { OptionalService } from './optional-service.ts';
import { toOrder } from './orders.mapper.ts';
import {
  findCustomerRef,
  findOpenOrder,
  findOwnOrder,
  insertCustomer,
  insertOrder,
  isAbandonedOrder,
  listOwnOrders,
  moveOrder,
  type OrderRow,
  updateOrder,
} from './orders.repo.ts';
import { planNotOrderable, quote } from './prices.service.ts';

// Placing an order (POST /v1/subscription/change/request), withdrawing a pending one, and the orders list.

/** env: VAT_RATE_PERCENT; `optionalService`: the brand's optional service offered at checkout, or null. */
export type BillingDeps = Pick<AppContext, 'db' | 'brand' | 'payments' | 'clock' | 'log' | 'env'> & {
  optionalService: OptionalService | null;
};

type ChangeRequest = z.output<typeof changeRequestSchema>;

/** A unique violation of the one-open-order index: another request placed the user's order meanwhile. */
function isOpenOrderConflict(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'orders_one_open_per_user_uq'))
      return true;
    if (e.message.includes('orders_one_open_per_user_uq')) return true;
  }
  return false;
}

/** The user's customer at the provider: made with the first order, then reused. */
async function customerRef(
  deps: BillingDeps,
  user: { id: string; email: string; name: string },
): Promise<string> {
  const existing = await findCustomerRef(deps.db, user.id);
  if (existing) return existing;
  const made = await deps.payments.createCustomer({ userId: user.id, email: user.email, name: user.name });
  await insertCustomer(deps.db, user.id, deps.payments.name, made);
  return (await findCustomerRef(deps.db, user.id))!;
}

/** The refusals of the plan rules, in the spec's order. */
async function checkPlanChange(deps: BillingDeps, userId: string, input: ChangeRequest, sequence: number) {
  const q = await quote(
    deps.db,
    deps.brand,
    { userId, productId: input.product_id, payType: input.pay_type, couponId: null },
    deps.clock(),
  );
  const subscription = q.subscription?.status === 'active' ? q.subscription : undefined;
  if (!subscription) return;
  const paidProduct = await findProductById(deps.db, subscription.productId);
  if (paidProduct && sequence < paidProduct.sequence) throw conflict('Downgrade_Not_Possible_Text');
  if (subscription.productId === input.product_id && subscription.payType === input.pay_type) {
    throw conflict('Already_On_This_Plan_Text');
  }
  if (subscription.payType === 'yearly' && input.pay_type === 'monthly') {
    throw conflict('Yearly_To_Monthly_Not_Allowed_Text');
  }
}

/**
 * An open order blocks a new one, except a pending one for the same product or an abandoned one, which is
 * replaced (once the provider confirms nothing was paid for it).
 */
async function clearOpenOrder(deps: BillingDeps, userId: string, productId: string): Promise<void> {
  const open = await findOpenOrder(deps.db, userId);
  if (!open) return;
  const replaceable =
    open.status === 'pending' && (open.productId === productId || isAbandonedOrder(open, deps.clock()));
  if (!replaceable) throw orderPending();
  if (open.paymentRef && !(await deps.payments.cancelPayment(open.paymentRef))) throw orderPending();
  await moveOrder(deps.db, open.id, ['pending'], { status: 'canceled' });
}

export async function placeOrder(
  deps: BillingDeps,
  user: { id: string; email: string; name: string; language: string },
  input: ChangeRequest,
): Promise<ChangeRequestResponse> {
  if (!deps.brand.canPlaceOrders) throw forbidden('Primepet_Cant_Place_Order');
  const product = await findProductById(deps.db, input.product_id);
  const priceId = input.pay_type === 'monthly' ? product?.monthlyPriceId : product?.yearlyPriceId;
  const price = input.pay_type === 'monthly' ? product?.monthlyPrice : product?.yearlyPrice;
  if (
    !product ||
    product.partnerId !== deps.brand.partnerId ||
    !product.active ||
    priceId !== input.price_id ||
    !(Number(price) > 0)
  ) {
    throw planNotOrderable();
  }
  await checkPlanChange(deps, user.id, input, product.sequence);
  await clearOpenOrder(deps, user.id, product.id);

  const now = deps.clock();
  const q = await quote(
    deps.db,
    deps.brand,
    {
      userId: user.id,
      productId: product.id,
      payType: input.pay_type,
      couponId: input.coupon_id,
      optionalService: input.optional_service,
      anotherTracker: input.another_tracker,
    },
    now,
    deps.optionalService,
  );
  if (q.totalCents < 0) throw conflict('Upgrade_Not_Possible_Now_Text');
  if (q.totalCents < MIN_PAYMENT_CENTS) throw amountTooSmall();

  const language = user.language === 'de' ? 'de' : 'en';
  const customer = await customerRef(deps, user);
  const orderType: OrderType = q.subscription?.status === 'active' ? 'upgrade' : 'new';
  const billing = {
    name: input.name,
    email: input.email,
    street: input.street || input.address,
    zipcode: input.zipcode,
    city: input.city,
    country: input.country,
    phone: input.phone,
  };
  let order: OrderRow;
  try {
    order = await insertOrder(deps.db, {
      id: randomUUID(),
      // The app's clock: the order date shown and invoiced.
      createdAt: now,
      userId: user.id,
      partnerId: deps.brand.partnerId,
      productId: product.id,
      productName: product.name,
      priceId: input.price_id,
      payType: input.pay_type,
      orderType,
      paymentMethod: input.payment_method,
      planCents: q.planCents,
      trackerCents: q.trackerCents,
      discountCents: q.discountCents,
      optionalServiceCents: q.optionalServiceCents,
      optionalServiceName: q.optionalService?.name[language] ?? null,
      prorationCreditCents: q.proration.creditCents,
      totalCents: q.totalCents,
      vatRateBasisPoints: Math.round(deps.env.VAT_RATE_PERCENT * 100),
      couponId: q.coupon?.id ?? null,
      couponCode: q.coupon?.code ?? null,
      activationCode: null,
      provider: deps.payments.name,
      billingAddress: billing,
      language,
    });
  } catch (err) {
    if (isOpenOrderConflict(err)) throw orderPending();
    throw err;
  }

  let started: Awaited<ReturnType<PaymentProvider['startPayment']>>;
  try {
    started = await deps.payments.startPayment({
      orderId: order.id,
      userId: user.id,
      customerRef: customer,
      method: input.payment_method,
      productId: product.id,
      priceId: input.price_id,
      payType: input.pay_type,
      planCents: q.planCents,
      trackerCents: q.trackerCents,
      discountCents: q.discountCents,
      optionalService: q.optionalService
        ? {
            key: q.optionalService.key,
            name: q.optionalService.name[language],
            cents: q.optionalServiceCents,
          }
        : null,
      prorationCreditCents: q.proration.creditCents,
      totalCents: q.totalCents,
      coupon: q.coupon ?? null,
      replacesSubscriptionRef: q.subscription?.status === 'active' ? q.subscription.subscriptionRef : null,
      billing,
      description: `${product.name} (${input.pay_type})`,
    });
  } catch (err) {
    // No payment exists for it: the order must not block the next attempt.
    await moveOrder(deps.db, order.id, ['pending'], { status: 'canceled' });
    if (err instanceof CouponRefusedError) throw couponRefused(COUPON_MESSAGES.notValidAtProvider);
    // The provider could not start the payment (unreachable, refused): nothing was charged and the order is
    // withdrawn. The spec's "order not placed", a passing state the user may try again after.
    deps.log.error({ err }, 'starting the payment failed');
    throw serviceUnavailable('Order_Not_Placed');
  }
  await updateOrder(deps.db, order.id, {
    paymentRef: started.paymentRef,
    subscriptionRef: started.subscriptionRef,
  });
  return {
    secret: started.clientSecret,
    order_id: order.id,
    amount_cents: q.totalCents,
    provider: deps.payments.name,
  };
}

/**
 * DELETE /v1/order/delete: the owner's pending order is withdrawn at the provider and canceled. One that is
 * no longer pending answers 409 (the catalogue's Update_Failed_Text: nothing was changed).
 */
export async function deleteOrder(deps: BillingDeps, userId: string, id: string): Promise<void> {
  const order = await findOwnOrder(deps.db, userId, id);
  if (!order) throw notFound();
  if (order.status !== 'pending') throw conflict('Update_Failed_Text');
  if (order.paymentRef && !(await deps.payments.cancelPayment(order.paymentRef))) {
    throw conflict('Update_Failed_Text');
  }
  if (!(await moveOrder(deps.db, order.id, ['pending'], { status: 'canceled' }))) {
    throw conflict('Update_Failed_Text');
  }
}

/** GET /v1/order/myorders; null when the user has no orders (204). */
export async function myOrders(
  db: Db,
  userId: string,
  query: { page: number; page_size: number },
): Promise<MyOrdersResponse | null> {
  const { rows, total } = await listOwnOrders(db, userId, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  if (total === 0) return null;
  return { data: rows.map(toOrder), page: query.page, page_size: query.page_size, total };
}
