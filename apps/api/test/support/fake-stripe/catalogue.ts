import { euroToCents } from '@pet/shared';
import { loadAllCatalogues } from '../../../src/modules/plans/catalogue.ts';
import { StripeError } from './error.ts';
import type { Routes } from './http.ts';
import { priceInterval } from './schedules.ts';
import type { FakeStripeStore } from './store.ts';

// What the operator and the app set up at Stripe before a sale: products (the tracker, the optional service),
// coupons (ours, mirrored), and the catalogue's prices, which the fake knows from the start.

/** Every brand's catalogue price ids with their amounts in cents, as the operator made them at Stripe. */
export async function cataloguePrices(): Promise<Record<string, number>> {
  const prices: Record<string, number> = {};
  for (const file of await loadAllCatalogues()) {
    for (const product of file.products) {
      if (product.monthly_price_id) prices[product.monthly_price_id] = euroToCents(product.monthly_price);
      if (product.yearly_price_id) prices[product.yearly_price_id] = euroToCents(product.yearly_price);
    }
  }
  return prices;
}

export function catalogueRoutes(store: FakeStripeStore): Routes {
  const { objects, save, newId: id, priceCents } = store;
  return {
    'POST /v1/products': ({ params, metadata }) => {
      const productId = typeof params.id === 'string' ? params.id : id('prod');
      if (objects.has(productId)) {
        throw new StripeError(400, 'resource_already_exists', 'Product already exists.');
      }
      return save({ id: productId, object: 'product', name: params.name, active: true, metadata });
    },
    'POST /v1/coupons': ({ params, metadata }) => {
      const couponId = typeof params.id === 'string' ? params.id : id('co');
      if (objects.has(couponId)) {
        throw new StripeError(400, 'resource_already_exists', 'Coupon already exists.');
      }
      return save({
        id: couponId,
        object: 'coupon',
        percent_off: params.percent_off ? Number(params.percent_off) : null,
        amount_off: params.amount_off ? Number(params.amount_off) : null,
        currency: params.currency ?? null,
        duration: params.duration,
        duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
        name: params.name ?? null,
        metadata,
        valid: true,
      });
    },
    'GET /v1/prices/price_:id': ({ objectId }) => {
      const cents = priceCents[objectId];
      if (cents === undefined) throw new StripeError(404, 'resource_missing', `No such price: '${objectId}'`);
      return {
        id: objectId,
        object: 'price',
        type: 'recurring',
        currency: 'eur',
        unit_amount: cents,
        recurring: { interval: priceInterval(objectId), interval_count: 1 },
      };
    },
  };
}
