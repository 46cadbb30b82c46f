import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acceptTerms, fillCard, payButton, renderCheckout, SLOW } from '../test/checkout.tsx';

// Issue 35: the checkout's writes are mutations with keys, so a failed one reaches the query client's
// MutationCache, which reports it to POST /v1/log once (app/queryClient.ts); a refusal (4xx) is not reported.

const breakdown = () => screen.findByRole('region', { name: 'Price breakdown' }, SLOW);

/** The checkout with `path` answering `answer` (and /v1/log taking reports): filled in and paid. */
async function payWith(path: string, answer: { status: number; body: object }) {
  const { server } = renderCheckout({ handlers: { [path]: answer, 'POST /v1/log': { status: 204 } } });
  await breakdown();
  fillCard();
  acceptTerms();
  fireEvent.click(payButton());
  return server;
}

describe('checkout: a failed write is reported', () => {
  it('an order the server fails (500) shows the error and is reported to /v1/log once, with its key', {
    timeout: 15_000,
  }, async () => {
    const server = await payWith('POST /v1/subscription/change/request', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Something_Went_Wrong' },
    });
    expect(await screen.findByText(/Something went wrong on our side/, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as { log: string; error: { status: number } };
    expect(report.log).toMatch(/^mutation \["billing","order"\] failed/);
    expect(report.error.status).toBe(500);
    expect(server.find('POST', '/v1/sandbox/payment_intents/pi_1/confirm')).toHaveLength(0);
  });

  it('a payment confirmation the server fails (500) deletes the order and is reported', {
    timeout: 15_000,
  }, async () => {
    const server = await payWith('POST /v1/sandbox/payment_intents/pi_1/confirm', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Something_Went_Wrong' },
    });
    await waitFor(() => expect(server.find('DELETE', '/v1/order/delete')).toHaveLength(1), SLOW);
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as { log: string };
    expect(report.log).toMatch(/^mutation \["billing","sandbox-confirm"\] failed/);
  });

  it('a refused order (409) is not reported', async () => {
    const server = await payWith('POST /v1/subscription/change/request', {
      status: 409,
      body: { code: 'CONFLICT', message: 'Order_Not_Placed' },
    });
    expect(await screen.findByText('The order could not be placed.', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/log')).toHaveLength(0);
  });
});
