import { updatePaymentResponseSchema } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import { as, type TestUser } from './accounts.ts';
import type { TestApp } from './test-app.ts';

// Replacing the saved payment method through the sandbox's setup checkout (a plain form), for API tests.

export const returnUrls = (t: TestApp) => ({
  success_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateSuccessful}`,
  cancel_url: `${t.env.PUBLIC_URL}${paths.paymentUpdateFailed}`,
});

export const updatePayment = (t: TestApp, user: TestUser, payload: object = returnUrls(t)) =>
  t.app.inject({ method: 'POST', url: apiPaths.updatePayment, headers: as(user), payload });

/** POST update_payment: the setup session's address. */
export async function startUpdate(t: TestApp, user: TestUser) {
  const response = await updatePayment(t, user);
  if (response.statusCode !== 200) throw new Error(`update_payment answered ${response.statusCode}`);
  return updatePaymentResponseSchema.parse(response.json());
}

/** Submits the setup page's form at `url` (the page is served by the app itself). */
export function submitSetupForm(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** An expiry year after `now` (the app's clock, where a test moves it). */
export const nextYear = (now: Date = new Date()) => String(now.getUTCFullYear() + 1);

/** The setup page's card fields, valid until December of the year after `now`. */
export const cardForm = (number: string, now?: Date) => ({
  action: 'card',
  number,
  exp_month: '12',
  exp_year: nextYear(now),
  cvc: '123',
});
