import { notFound } from '../../../lib/errors.ts';
import type { AppContext } from '../../../plugins/app-context.ts';
import { orderLanguage, type PaidOrder } from './invoice-lines.ts';
import { ownPaidOrder } from './invoice-orders.repo.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { type Seller, sellerOf } from './invoice-seller.ts';
import { invoiceFileName } from './invoice-texts.ts';

// An order's invoice as a file: the PDF in the order's language and its name. The route and the order
// confirmation mail both hand out this.

export type InvoiceDeps = Pick<AppContext, 'db' | 'brand'> & {
  seller: Seller;
  /** The sandbox on a production server (env TEST_PAYMENTS): every invoice says it is a test. */
  testPayments: boolean;
};

export function invoiceDeps(ctx: AppContext): InvoiceDeps {
  return {
    ...ctx,
    seller: sellerOf(ctx.env.BRAND, ctx.env.INVOICE_SELLER),
    testPayments: ctx.env.TEST_PAYMENTS,
  };
}

export interface InvoiceFile {
  body: Buffer;
  fileName: string;
}

export async function invoiceFile(deps: InvoiceDeps, order: PaidOrder): Promise<InvoiceFile> {
  const body = await renderInvoicePdf(order, {
    brand: deps.brand,
    seller: deps.seller,
    testPayment: deps.testPayments,
  });
  return { body, fileName: invoiceFileName(orderLanguage(order), order.invoiceNumber!) };
}

/** GET /v1/order/orderpdfweb: the user's own paid order's invoice; anything else 404 alike. */
export async function ownInvoice(deps: InvoiceDeps, userId: string, orderId: string): Promise<InvoiceFile> {
  const order = await ownPaidOrder(deps.db, userId, orderId);
  if (!order) throw notFound('Order_Pdf_Failed');
  return invoiceFile(deps, order);
}
