import type { AppContext } from '../../../plugins/app-context.ts';

// What runs a subscription's terms: the payment event handler (a term paid, a renewal failed, the provider's
// end) and the term jobs (term end, retries, the end of a paid plan, the subscription mails). One shape, the
// app's container narrowed (both pass `app.ctx`), so the webhook route and the job workers act alike. A change
// the user asks for needs less: SubscriptionChangeDeps (subscription.service.ts).

export type SubscriptionTermDeps = Pick<
  AppContext,
  // env: VAT_RATE_PERCENT, the VAT included in a renewal order's total.
  'db' | 'payments' | 'jobs' | 'clock' | 'log' | 'brand' | 'mailer' | 'publicUrl' | 'env'
>;
