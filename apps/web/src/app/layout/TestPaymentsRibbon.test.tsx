import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { TestPaymentsRibbon } from './TestPaymentsRibbon.tsx';

function renderWith(testPayments: boolean, language: 'en' | 'de' = 'en') {
  const fetch = mockFetch({
    'GET /v1/config': {
      body: {
        brand: 'petention',
        google: false,
        payments: { provider: 'sandbox', publishable_key: null },
        test_payments: testPayments,
      },
    },
  });
  renderRoutes([{ path: '/', element: <TestPaymentsRibbon /> }], { language });
  return fetch;
}

describe('TestPaymentsRibbon', () => {
  it('reads the configuration the server inlined into the page, without a request (issue 46)', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'public-config';
    element.textContent = JSON.stringify({
      brand: 'petention',
      google: false,
      payments: { provider: 'sandbox', publishable_key: null },
      test_payments: true,
    });
    document.head.append(element);
    try {
      const fetch = mockFetch({});
      renderRoutes([{ path: '/', element: <TestPaymentsRibbon /> }]);
      expect(await screen.findByRole('complementary', { name: 'Test payments' })).toBeTruthy();
      expect(fetch.find('GET', '/v1/config')).toHaveLength(0);
    } finally {
      element.remove();
    }
  });

  it('says on the page that the payments are tests when the server takes test payments', async () => {
    renderWith(true);
    const ribbon = await screen.findByRole('complementary', { name: 'Test payments' });
    expect(ribbon.textContent).toContain('no money is charged');
  });

  it('in German', async () => {
    renderWith(true, 'de');
    const ribbon = await screen.findByRole('complementary', { name: 'Testzahlungen' });
    expect(ribbon.textContent).toContain('Es wird kein Geld abgebucht');
  });

  it('shows nothing on a server with real payments', async () => {
    const fetch = renderWith(false);
    await waitFor(() => expect(fetch.find('GET', '/v1/config')).toHaveLength(1));
    // The answer is in: the query settles with it before the next macrotask.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('test-payments')).toBeNull();
  });
});
