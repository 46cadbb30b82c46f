import {
  centsToEuro,
  formatEuro,
  type Order,
  type OrderStatus,
  type OrderType,
  type PaymentMethod,
  type PayType,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { businessDisplayDay } from '../../../lib/business-day.ts';
import type { OrderRow } from './orders.repo.ts';

// An order row as the API answers it (the bills, the account export): its dates as Berlin's days, its amounts
// in euros and formatted, the invoice's link once it is paid.

/** The answer's shape of one order. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    order_number: String(row.number),
    order_date: businessDisplayDay(row.createdAt),
    product_id: row.productId,
    product_name: row.productName,
    pay_type: row.payType as PayType,
    paid_amount: centsToEuro(row.totalCents),
    paid_amount_eur_formatted: formatEuro(row.totalCents),
    payment_type: row.paymentMethod as PaymentMethod,
    payment_method_label: row.paymentMethodLabel,
    order_type: row.orderType as OrderType,
    status: row.status as OrderStatus,
    activation_code: row.activationCode,
    coupon_code: row.couponCode,
    optional_service:
      row.optionalServiceName && row.optionalServiceCents > 0
        ? {
            name: row.optionalServiceName,
            amount: centsToEuro(row.optionalServiceCents),
            amount_eur_formatted: formatEuro(row.optionalServiceCents),
          }
        : null,
    period_start: row.periodStart ? businessDisplayDay(row.periodStart) : null,
    period_end: row.periodEnd ? businessDisplayDay(row.periodEnd) : null,
    invoice_number: row.invoiceNumber,
    invoice_url: row.status === 'paid' ? `${apiPaths.orderPdf}?id=${encodeURIComponent(row.id)}` : null,
  };
}
