import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { acceptTerms, payButton, renderCheckout } from '../test/checkout.tsx';

// Stripe mode with Stripe's own modules replaced (they load Stripe's script from its servers, which tests
// cannot reach): the page must hand Elements' card to confirmCardPayment with the billing details.

const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  confirmSepaDebitPayment: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => 'card-element' }),
  CardElement: ({ onChange }: { onChange: (e: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      fake card element
    </button>
  ),
  IbanElement: () => <p>fake iban element</p>,
}));

// The Stripe fields are a lazy chunk: in a cold, isolated worker on a busy machine its first import and the
// page's first answers may take more than the default second.
const LAZY = { timeout: 10_000 };

const stripeConfig = {
  'GET /v1/config': {
    body: { google: false, payments: { provider: 'stripe', publishable_key: 'pk_test_1' } },
  },
  'POST /v1/subscription/change/request': {
    body: { secret: 'pi_9_secret_x', order_id: 'order-9', amount_cents: 4999, provider: 'stripe' },
  },
};

describe('checkout in stripe mode', () => {
  it('confirms the card with Stripe and the billing details', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { server } = renderCheckout({ handlers: stripeConfig });
    fireEvent.click(await screen.findByRole('button', { name: 'fake card element' }, LAZY));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(screen.queryByText('Test system: no real payment')).toBeNull();
    acceptTerms();
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false), LAZY);
    fireEvent.click(payButton());
    await screen.findByText('successful page', {}, LAZY);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_x', {
      payment_method: {
        card: 'card-element',
        billing_details: {
          name: 'Anna Muster',
          email: 'anna@example.com',
          address: { line1: '', city: '', postal_code: '', country: 'DE' },
        },
      },
    });
    expect(server.find('POST', '/v1/sandbox/payment_intents/pi_9/confirm')).toHaveLength(0);
  });

  it("a Stripe error deletes the order and shows the decline code's text", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'expired_card', message: 'Expired.' },
    });
    const { server } = renderCheckout({ handlers: stripeConfig });
    fireEvent.click(await screen.findByRole('button', { name: 'fake card element' }, LAZY));
    acceptTerms();
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false), LAZY);
    fireEvent.click(payButton());
    expect(await screen.findByText(/card has expired/i, {}, LAZY)).toBeTruthy();
    expect(server.find('DELETE', '/v1/order/delete')[0]?.url.searchParams.get('id')).toBe('order-9');
  });

  it('an incomplete card is refused before anything is ordered', async () => {
    const { server } = renderCheckout({ handlers: stripeConfig });
    await screen.findByRole('button', { name: 'fake card element' }, LAZY);
    acceptTerms();
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false), LAZY);
    fireEvent.click(payButton());
    expect(await screen.findByText('The card number is incomplete.', {}, LAZY)).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });
});
