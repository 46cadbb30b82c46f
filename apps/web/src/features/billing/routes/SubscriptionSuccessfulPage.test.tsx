import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { REFRESH_MAX_MS } from '../lib/useRefreshWhileInProgress.ts';
import { fakeOrder, ordersPage } from '../test/orders.ts';
import { SubscriptionSuccessfulPage } from './SubscriptionSuccessfulPage.tsx';

function renderSuccessful(url: string, statuses: string[]) {
  let call = 0;
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo() },
    'GET /v1/order/myorders': () => {
      const status = statuses[Math.min(call, statuses.length - 1)];
      call += 1;
      return { body: ordersPage([fakeOrder({ status: status as 'paid' })]) };
    },
  });
  renderRoutes([{ path: '/my-account/subscription/successful', element: <SubscriptionSuccessfulPage /> }], {
    url,
  });
  return server;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('subscription successful', () => {
  it('shows in progress until the order is paid, then the active plan, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderSuccessful('/my-account/subscription/successful?order=order-1&method=card', [
      'pending',
      'paid',
    ]);
    expect(await screen.findByText(/In progress: this usually takes a few seconds/)).toBeTruthy();
    expect(screen.getByText(/your plan is being activated/)).toBeTruthy();
    // The payment event comes a few hundred milliseconds later: the first look follows soon.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText('Your plan Premium is now active.')).toBeTruthy();
    const asked = server.find('GET', '/v1/order/myorders').length;
    await vi.advanceTimersByTimeAsync(REFRESH_MAX_MS * 3);
    expect(server.find('GET', '/v1/order/myorders')).toHaveLength(asked);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });

  it('a SEPA order stays in progress: the debit takes a few days', async () => {
    renderSuccessful('/my-account/subscription/successful?order=order-1&method=sepa', ['processing']);
    expect(await screen.findByText(/a SEPA direct debit takes a few business days/)).toBeTruthy();
  });

  it('in the app-embedded modes it leads back to the subscription', async () => {
    window.sessionStorage.setItem('pet.embedded', JSON.stringify({ param: 'tokenA', token: 't' }));
    renderSuccessful('/my-account/subscription/successful?order=order-1&method=card', ['paid']);
    expect(
      (await screen.findByRole('link', { name: 'Back to your subscription' })).getAttribute('href'),
    ).toBe('/my-account/subscription');
  });
});
