import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PaymentUpdateFailedPage, PaymentUpdateSuccessfulPage } from './PaymentUpdateResultPages.tsx';
import { UpdatePaymentPage } from './UpdatePaymentPage.tsx';

const visa = { type: 'card', brand: 'Visa', last4: '4242', exp_month: 3, exp_year: 2031, country: null };
const sepa = { type: 'sepa', brand: null, last4: '3000', exp_month: null, exp_year: null, country: 'DE' };

function renderPage(
  method: object | null,
  update: { status?: number; body?: unknown } = {},
  language = 'en',
) {
  const server = mockFetch({
    'GET /v1/user/payment_method': method ? { body: method } : { status: 204 },
    'POST /v1/subscription/update_payment': update,
  });
  renderRoutes([{ path: '/my-account/update-payment-details', element: <UpdatePaymentPage /> }], {
    language: language as 'en',
  });
  return server;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('update payment details', () => {
  it('shows the saved card with its expiry', async () => {
    renderPage(visa);
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByText('Expires 03/2031')).toBeTruthy();
  });

  it('shows a saved SEPA mandate, in German too', async () => {
    renderPage(sepa, {}, 'de');
    expect(await screen.findByText('SEPA-Lastschrift DE •••• 3000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zahlungsmethode ändern' })).toBeTruthy();
  });

  it('says when none is saved (204)', async () => {
    renderPage(null);
    expect(await screen.findByText('No payment method is saved yet.')).toBeTruthy();
  });

  it("asks for a session with this site's return pages and sends the browser to its address", async () => {
    const origin = window.location.origin;
    const server = renderPage(visa, { body: { id: 'cs_1', url: `${origin}/#provider-page` } });
    const button = await screen.findByRole('button', { name: 'Change payment method' });
    fireEvent.click(button);
    await waitFor(() => expect(window.location.hash).toBe('#provider-page'));
    expect(server.find('POST', '/v1/subscription/update_payment')[0]?.body).toEqual({
      success_url: `${origin}/my-account/payment-update/successful`,
      cancel_url: `${origin}/my-account/payment-update/failed`,
    });
    // Busy until the provider's page has loaded.
    expect(button.hasAttribute('data-loading')).toBe(true);
  });

  it('a refused update shows Payment_Details_Not_Updated', async () => {
    renderPage(visa, { status: 502, body: { code: 'INTERNAL_ERROR', message: 'x' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Change payment method' }));
    // The form's alert (a notification may show the same failure in an alert of its own).
    const texts = await screen.findAllByText('Your payment details could not be updated.', { exact: false });
    expect(texts.some((text) => text.closest('[role="alert"]'))).toBe(true);
  });

  it('a 409 says that there is no paid subscription', async () => {
    renderPage(null, { status: 409, body: { code: 'CONFLICT', message: 'No_Paid_Subscription_Text' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Change payment method' }));
    const texts = await screen.findAllByText('You have no paid subscription that could be changed.', {
      exact: false,
    });
    expect(texts.some((text) => text.closest('[role="alert"]'))).toBe(true);
  });
});

describe('payment update result pages', () => {
  it('successful: the saved method read again', async () => {
    const server = mockFetch({ 'GET /v1/user/payment_method': { body: visa } });
    renderRoutes([{ path: '/s', element: <PaymentUpdateSuccessfulPage /> }], { url: '/s' });
    expect(await screen.findByText('Payment details updated')).toBeTruthy();
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    expect(server.find('GET', '/v1/user/payment_method').length).toBeGreaterThan(0);
  });

  it('failed: the spec text and a way to try again', async () => {
    mockFetch({});
    renderRoutes([{ path: '/f', element: <PaymentUpdateFailedPage /> }], { url: '/f', language: 'de' });
    expect(await screen.findByText('Ihre Zahlungsdaten konnten nicht aktualisiert werden.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erneut versuchen' }).getAttribute('href')).toBe(
      '/my-account/update-payment-details',
    );
  });
});
