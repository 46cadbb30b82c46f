// Spec 2 section 4, Payment 6 (issue 47, point 8): "Orders show as in progress until payment is received." The
// bills name paid and failed (or canceled) orders; any other status, one the screen does not list (pending, or
// one a newer server adds), falls back to "In progress" rather than breaking the row.
import type { Order } from '@pet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeOrder, ordersPage } from '../test/orders.ts';
import { BillsPage } from './BillsPage.tsx';

/** A status the shared enum does not know yet, as a newer server might send it. */
const UNLISTED = 'refunded' as Order['status'];

function renderBills(language: 'en' | 'de') {
  mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo() },
    'GET /v1/order/myorders': {
      body: ordersPage([
        fakeOrder({ id: 'o-pending', order_number: 'PE-1', status: 'pending', invoice_url: null }),
        fakeOrder({ id: 'o-unlisted', order_number: 'PE-2', status: UNLISTED, invoice_url: null }),
      ]),
    },
  });
  return renderRoutes([{ path: '/my-account/bills', element: <BillsPage /> }], { language });
}

describe('bills: an order status the screen does not list', () => {
  it.each([
    ['en', 'Orders', 'In progress'],
    ['de', 'Bestellungen', 'In Bearbeitung'],
  ] as const)('%s: pending and unknown statuses show "in progress"', async (language, listName, progress) => {
    renderBills(language);
    const items = within(await screen.findByRole('list', { name: listName })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(within(item).getByText(progress)).toBeTruthy();
    }
  });
});
