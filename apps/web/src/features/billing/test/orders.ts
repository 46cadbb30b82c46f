import type { Order } from '@pet/shared';

// Orders as GET /v1/order/myorders answers them.

export function fakeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    order_number: 'PE-1001',
    order_date: '24.11.2026',
    product_id: 'prod-premium',
    product_name: 'Premium',
    pay_type: 'yearly',
    paid_amount: 49.99,
    paid_amount_eur_formatted: '49,99 €',
    payment_type: 'card',
    payment_method_label: 'Visa •••• 4242',
    order_type: 'upgrade',
    status: 'paid',
    activation_code: null,
    coupon_code: null,
    optional_service: null,
    period_start: '24.11.2026',
    period_end: '24.11.2027',
    invoice_number: 'PE-2026-00001',
    invoice_url: '/v1/order/orderpdfweb?id=order-1',
    ...overrides,
  };
}

export function ordersPage(data: Order[], page = 1, total = data.length) {
  return { data, page, page_size: 20, total };
}
