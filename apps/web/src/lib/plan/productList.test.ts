import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetchMock.ts';
import { fakeProduct } from '../../test/plans.ts';
import { fetchProductList } from './productList.ts';

// The one product-list query: parsed once by the shared response schema (moved from plan.test.ts, issue 35).

describe('the product list', () => {
  it('orders a product list by sequence and term', async () => {
    mockFetch({
      'GET /v1/subscription/product/list': {
        body: {
          data: [
            fakeProduct({
              id: 'b24',
              name: 'BASIS 24',
              sequence: 1,
              duration: 24,
              monthly_price: 0,
              yearly_price: 59,
            }),
            fakeProduct({
              id: 'b1',
              name: 'BASIS 1',
              sequence: 1,
              duration: 1,
              monthly_price: 4.99,
              yearly_price: 0,
            }),
            fakeProduct({ id: 'free', name: 'Free', sequence: 0 }),
          ],
          order_placed: 'b1',
        },
      },
    });
    const list = await fetchProductList('petention');
    expect(list.products.map((p) => p.id)).toEqual(['free', 'b1', 'b24']);
    expect(list.products[1]?.monthly_price).toBe(4.99);
    expect(list.products[2]?.yearly_price).toBe(59);
    expect(list.orderPlaced).toBe('b1');
  });

  it('an answer off the contract fails the query instead of being guessed at', async () => {
    mockFetch({
      'GET /v1/subscription/product/list': {
        body: { data: [{ id: 'x', sequence: '1' }], order_placed: null },
      },
    });
    await expect(fetchProductList('petention')).rejects.toThrow();
  });
});
