import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeOrder, ordersPage } from '../test/orders.ts';
import { BillsPage } from './BillsPage.tsx';

function renderBills(orders: Parameters<typeof mockFetch>[0][string], language: 'en' | 'de' = 'en') {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo() },
    'GET /v1/order/myorders': orders,
    'GET /v1/order/orderpdfweb': { body: 'pdf' },
  });
  const view = renderRoutes([{ path: '/my-account/bills', element: <BillsPage /> }], { language });
  return { ...view, server };
}

const list = () => screen.findByRole('list', { name: 'Orders' });

describe('bills', () => {
  it('lists the orders with number, date, product, amount, payment, type, status and activation code', async () => {
    renderBills({
      body: ordersPage([
        fakeOrder(),
        fakeOrder({
          id: 'order-2',
          order_number: 'PE-1000',
          status: 'processing',
          payment_type: 'sepa',
          payment_method_label: null,
          order_type: 'new',
          invoice_url: null,
          activation_code: 'ABCD-1234',
        }),
        fakeOrder({ id: 'order-3', order_number: 'PE-0999', status: 'failed', invoice_url: null }),
      ]),
    });
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [paid, sepa, failed] = items;
    for (const text of ['PE-1001', '24.11.2026', 'Premium', '49,99 €', 'Visa •••• 4242', 'Upgrade', 'Paid']) {
      expect(within(paid!).getByText(text)).toBeTruthy();
    }
    expect(within(paid!).getByRole('button', { name: 'Invoice' })).toBeTruthy();
    expect(within(sepa!).getByText('In progress')).toBeTruthy();
    expect(within(sepa!).getByText('SEPA direct debit')).toBeTruthy();
    expect(within(sepa!).getByText('New plan')).toBeTruthy();
    expect(within(sepa!).getByText('ABCD-1234')).toBeTruthy();
    expect(within(sepa!).queryByRole('button', { name: 'Invoice' })).toBeNull();
    expect(within(failed!).getByText('Failed')).toBeTruthy();
  });

  it('says so when there are no orders (204)', async () => {
    renderBills({ status: 204 });
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });

  it('pages through the orders', async () => {
    const { server } = renderBills(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return { body: ordersPage([fakeOrder({ id: `o-${page}`, order_number: `PE-${page}` })], page, 45) };
    });
    await screen.findByText('PE-1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('PE-2')).toBeTruthy();
    expect(server.find('GET', '/v1/order/myorders').map((r) => r.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
  });

  it('opens the invoice in a tab opened on the click, busy meanwhile', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const createObjectURL = vi.fn(() => 'blob:invoice');
    // jsdom has no object URLs: lent for this test only.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const { server } = renderBills({ body: ordersPage([fakeOrder()]) });
    await list();
    let answer: (r: Response) => void = () => {};
    server.fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const button = screen.getByRole('button', { name: 'Invoice' });
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(button).toHaveProperty('disabled', true);
    answer(new Response(new Blob(['%PDF']), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice'));
    expect(server.fetchMock.mock.calls.at(-1)?.[0]).toBe('/v1/order/orderpdfweb?id=order-1');
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
  });

  it('a failed invoice closes the tab and says Order_Pdf_Failed', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { server } = renderBills({ body: ordersPage([fakeOrder()]) });
    await list();
    server.fetchMock.mockImplementationOnce(async () => new Response(null, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Invoice' }));
    expect(await screen.findByText('The invoice could not be loaded.')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('in German', async () => {
    renderBills({ body: ordersPage([fakeOrder()]) }, 'de');
    const items = within(await screen.findByRole('list', { name: 'Bestellungen' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Bezahlt')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: 'Rechnung' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rechnungen' })).toBeTruthy();
  });
});
