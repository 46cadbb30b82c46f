import { paths } from '@pet/shared/paths';
import type { Job } from 'pg-boss';
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.ts';
import { orderConfirmationMail } from '../../../mail/templates/order-confirmation.ts';
import type { AppContext } from '../../../plugins/app-context.ts';
import { invoiceDeps, invoiceFile } from './invoice-file.ts';
import { invoiceContent } from './invoice-lines.ts';
import { accountEmail, claimConfirmation, releaseConfirmation } from './invoice-orders.repo.ts';

// The worker of `billing.order-confirmation` (sent by the payment event handler in the transaction that marks
// the order paid): the confirmation mail with the invoice attached, at most once per order. As for reminders
// (jobs/reminders.ts): claim, then send; a send the SMTP server refuses releases the claim and throws, so
// pg-boss retries; a second run (a retry, a replayed event, another process) finds the claim and does nothing.

const orderConfirmationPayload = z.object({ orderId: z.string() });
export type OrderConfirmationJob = z.infer<typeof orderConfirmationPayload>;

export function orderConfirmationHandler(ctx: AppContext) {
  const deps = invoiceDeps(ctx);
  return async (job: Job<OrderConfirmationJob>): Promise<void> => {
    const { orderId } = job.data;
    const claimedAt = new Date();
    const order = await claimConfirmation(deps.db, orderId, claimedAt);
    if (!order) return;
    try {
      const to = order.billingAddress.email.trim() || (await accountEmail(deps.db, order.userId));
      if (!to) {
        ctx.log.warn({ orderId }, 'order confirmation not sent: no address');
        return;
      }
      const content = invoiceContent(order);
      const invoice = await invoiceFile(deps, order);
      await ctx.mailer.send(
        orderConfirmationMail({
          to,
          name: order.billingAddress.name,
          language: content.language,
          brand: deps.brand.displayName,
          orderNumber: content.orderNumber,
          invoiceNumber: content.number,
          invoiceDate: content.date,
          plan: content.plan,
          total: content.total,
          period: content.period,
          invoice: { filename: invoice.fileName, content: invoice.body, contentType: 'application/pdf' },
          url: `${ctx.publicUrl}${paths.bills}`,
          renewal: order.orderType === 'renewal',
          testPayment: deps.testPayments,
        }),
      );
      ctx.log.info({ orderId }, 'order confirmation sent');
    } catch (error) {
      await releaseConfirmation(deps.db, orderId, claimedAt);
      throw error;
    }
  };
}

/** A paid order's confirmation mail with its invoice (the payment event handler sends it). */
export const orderConfirmationJob = defineJob({
  name: 'billing.order-confirmation',
  payload: orderConfirmationPayload,
  handler: (ctx) => orderConfirmationHandler(ctx),
});
