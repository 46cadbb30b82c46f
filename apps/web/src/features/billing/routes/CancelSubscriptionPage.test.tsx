import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASIC, FREE, fakeProduct, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { subscriptionServer, TERM_END } from '../test/subscription.ts';
import { CancelSubscriptionPage } from './CancelSubscriptionPage.tsx';
import { CancelSubscriptionSuccessfulPage } from './CancelSubscriptionSuccessfulPage.tsx';

const CATALOGUE = [FREE, BASIC, PREMIUM, PREMIUM_GPS];
const paidOn = (product: unknown, extra: Record<string, unknown> = {}) => ({
  product,
  stripe_subscription_end: TERM_END,
  stripe_price_id: 'price-prod-premium-gps-yearly',
  ...extra,
});

function renderCancel(url: string, options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [
      { path: '/my-account/cancel-subscription', element: <CancelSubscriptionPage /> },
      { path: '/my-account/cancel-subscription/successful', element: <CancelSubscriptionSuccessfulPage /> },
      { path: '/my-account/subscription', element: <p>subscription page</p> },
    ],
    { url, ...options },
  );
}

describe('cancel subscription: confirm_Termination', () => {
  it("says what ends on the term's last day; confirming cancels and shows the answered end date", async () => {
    const server = subscriptionServer({ me: paidOn(BASIC), products: CATALOGUE });
    const { router } = renderCancel('/my-account/cancel-subscription');
    expect(await screen.findByText(/You keep everything it offers until 14\.01\.2027/)).toBeTruthy();
    expect(screen.getByText(/Afterwards you have the free plan/)).toBeTruthy();
    expect(screen.getByText(/within 4 weeks after the end/)).toBeTruthy();

    screen.getByRole('button', { name: 'Cancel subscription' }).click();
    expect(await screen.findByRole('heading', { name: 'Subscription cancelled' })).toBeTruthy();
    expect(
      screen.getByText('Your subscription has been cancelled. You can use your plan until 14.01.2027.'),
    ).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/cancel')).toHaveLength(1);
    expect(router.state.location.search).toBe(`?end_date=${TERM_END}`);
  });

  it("a refused cancel shows the API's text", async () => {
    subscriptionServer({
      me: paidOn(BASIC),
      products: CATALOGUE,
      answers: { cancel: { status: 409, body: { code: 'CONFLICT', message: 'No_Paid_Subscription_Text' } } },
    });
    renderCancel('/my-account/cancel-subscription?process=confirm_Termination');
    (await screen.findByRole('button', { name: 'Cancel subscription' })).click();
    expect(await screen.findByText('You have no paid subscription that could be changed.')).toBeTruthy();
  });

  it('German, formal', async () => {
    subscriptionServer({ me: paidOn(BASIC, { language: 'de' }), products: CATALOGUE });
    renderCancel('/my-account/cancel-subscription?process=confirm_Termination', { language: 'de' });
    expect(await screen.findByText(/Sie behalten alle Leistungen bis zum 14\.01\.2027/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abonnement kündigen' })).toBeTruthy();
  });
});

describe('cancel subscription: cancel_Termination', () => {
  it('a cancelled subscription is offered the revocation (whatever the url says); revoking returns to the plans', async () => {
    const server = subscriptionServer({ me: paidOn(PREMIUM_GPS), products: CATALOGUE, cancelled: true });
    const { router } = renderCancel('/my-account/cancel-subscription?process=confirm_Termination');
    expect(
      await screen.findByText('Your subscription Premium GPS is cancelled and ends on 14.01.2027.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    screen.getByRole('button', { name: 'Revoke cancellation' }).click();
    expect(await screen.findByText('subscription page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-account/subscription');
    expect(
      await screen.findByText('Your cancellation has been revoked. Your plan renews as before.'),
    ).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/cancel/revoke')).toHaveLength(1);
  });
});

describe('cancel subscription: downgrade', () => {
  it('lists the plans at or below the current one; choosing one shows it as Downgrading; withdrawing clears it', async () => {
    const server = subscriptionServer({ me: paidOn(PREMIUM_GPS), products: CATALOGUE });
    renderCancel('/my-account/cancel-subscription');
    const list = await screen.findByRole('region', { name: 'Plans you can change to' });
    const card = (name: string) => within(list).getByRole('heading', { name }).closest('article')!;
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Basic', 'Premium', 'Premium GPS']);
    expect(card('Premium GPS').getAttribute('aria-current')).toBe('true');
    expect(within(card('Premium GPS')).queryByRole('button')).toBeNull();

    within(card('Premium')).getByRole('button', { name: 'Change to this plan' }).click();
    expect(await within(card('Premium')).findByText('Downgrading')).toBeTruthy();
    expect(within(card('Premium')).getByText('Starts on 15.01.2027')).toBeTruthy();
    expect(screen.getByText('Your plan changes to Premium on 15.01.2027.')).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/downgrade')[0]?.body).toEqual({
      price_id: 'price-prod-premium-yearly',
    });

    within(card('Premium')).getByRole('button', { name: 'Withdraw the change' }).click();
    await waitFor(() => expect(within(card('Premium')).queryByText('Downgrading')).toBeNull());
    expect(within(card('Premium')).getByRole('button', { name: 'Change to this plan' })).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/cancel/downgrade')).toHaveLength(1);
  });

  it('a monthly payer moving to a plan of sequence 3 or more names its monthly price', async () => {
    const plus = fakeProduct({
      id: 'prod-plus',
      name: 'Premium Plus',
      sequence: 4,
      monthly_price: 9.99,
      yearly_price: 99.99,
    });
    const server = subscriptionServer({
      me: paidOn(plus, { stripe_price_id: 'price-prod-plus-monthly' }),
      products: [...CATALOGUE, plus],
    });
    renderCancel('/my-account/cancel-subscription?process=downgrade', { brand: 'hunde-schutz' });
    const list = await screen.findByRole('region', { name: 'Plans you can change to' });
    const gps = within(list).getByRole('heading', { name: 'Premium GPS' }).closest('article')!;
    within(gps).getByRole('button', { name: 'Change to this plan' }).click();
    await within(gps).findByText('Downgrading');
    expect(server.find('POST', '/v1/subscription/downgrade')[0]?.body).toEqual({
      price_id: 'price-prod-premium-gps-monthly',
    });
  });

  it('"cancel instead" switches to the confirmation', async () => {
    subscriptionServer({ me: paidOn(PREMIUM_GPS), products: CATALOGUE });
    const { router } = renderCancel('/my-account/cancel-subscription?process=downgrade');
    (await screen.findByRole('button', { name: 'Cancel the subscription instead' })).click();
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(router.state.location.search).toBe('?process=confirm_Termination');
  });

  it("gift users get the can't-downgrade popup and nothing is sent", async () => {
    const server = subscriptionServer({ me: { product: PREMIUM_GPS, is_gift: true }, products: CATALOGUE });
    renderCancel('/my-account/cancel-subscription?process=downgrade');
    const list = await screen.findByRole('region', { name: 'Plans you can change to' });
    const basic = within(list).getByRole('heading', { name: 'Basic' }).closest('article')!;
    within(basic).getByRole('button', { name: 'Change to this plan' }).click();
    const popup = await screen.findByRole('dialog', { name: 'Downgrade not possible' });
    expect(within(popup).getByText('A downgrade is not possible for this subscription.')).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/downgrade')).toHaveLength(0);
    // A gift has no paid subscription to cancel (the server answers 409): the choice does not offer it.
    expect(screen.queryByRole('button', { name: 'Cancel the subscription instead' })).toBeNull();
  });

  it('a gift user asking to cancel by address sees the plans under "Change your plan", no cancel button', async () => {
    const server = subscriptionServer({ me: { product: PREMIUM_GPS, is_gift: true }, products: CATALOGUE });
    renderCancel('/my-account/cancel-subscription?process=confirm_Termination');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change your plan' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Plans you can change to' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel (the )?subscription/ })).toBeNull();
    expect(screen.queryByText(/If you cancel/)).toBeNull();
    expect(server.find('POST', '/v1/subscription/cancel')).toHaveLength(0);
  });

  it("the server's refusal of a downgrade (403) opens the same popup", async () => {
    subscriptionServer({
      me: paidOn(PREMIUM_GPS),
      products: CATALOGUE,
      answers: {
        downgrade: { status: 403, body: { code: 'FORBIDDEN', message: 'Downgrade_Not_Possible_Text' } },
      },
    });
    renderCancel('/my-account/cancel-subscription?process=downgrade');
    const list = await screen.findByRole('region', { name: 'Plans you can change to' });
    const basic = within(list).getByRole('heading', { name: 'Basic' }).closest('article')!;
    within(basic).getByRole('button', { name: 'Change to this plan' }).click();
    expect(await screen.findByRole('dialog', { name: 'Downgrade not possible' })).toBeTruthy();
  });
});

describe('cancel subscription: free plan', () => {
  it("shows the brand's support address instead of a cancel button, without asking the cancel status", async () => {
    const server = subscriptionServer({ me: { product: FREE }, products: CATALOGUE });
    renderCancel('/my-account/cancel-subscription?process=confirm_Termination', { brand: 'tier-fritz' });
    expect(await screen.findByText('The free plan cannot be cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'service@tier-fritz.de' }).getAttribute('href')).toBe(
      'mailto:service@tier-fritz.de',
    );
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(server.find('GET', '/v1/subscription/cancelat')).toHaveLength(0);
  });
});
