import { productListResponseSchema, productSchema } from '@pet/shared/schemas/plans';
import { describe, expect, it } from 'vitest';
import { fakeProduct } from '../../test/plans.ts';
import { readProductList } from './readProductList.ts';

// The hand reader and the shared schema answer alike: what one accepts the other accepts, with the same
// result, and what one refuses the other refuses, field by field.

const VALUES: unknown[] = [
  'x',
  '',
  12,
  1.5,
  -3,
  0,
  null,
  true,
  false,
  undefined,
  [],
  {},
  Number.MAX_SAFE_INTEGER + 2,
];

const schemaAccepts = (body: unknown) => productListResponseSchema.safeParse(body).success;
const readerAccepts = (body: unknown) => {
  try {
    readProductList(body);
    return true;
  } catch {
    return false;
  }
};

describe('the product list read without zod', () => {
  it('reads a valid answer as the schema does, without fields the contract does not name', () => {
    const body = {
      data: [
        fakeProduct({ id: 'b1', tracker_price: 49 }),
        { ...fakeProduct({ id: 'b2' }), extra: 'dropped' },
      ],
      order_placed: 'b1',
    };
    expect(readProductList(body)).toEqual(productListResponseSchema.parse(body));
  });

  it('refuses every value of every field the schema refuses, and accepts the ones it accepts', () => {
    const fields = Object.keys(productSchema.shape);
    expect(fields.length).toBeGreaterThan(15);
    for (const field of fields) {
      for (const value of VALUES) {
        const product: Record<string, unknown> = { ...fakeProduct(), [field]: value };
        if (value === undefined) delete product[field];
        const body = { data: [product], order_placed: null };
        expect(readerAccepts(body), `${field} = ${JSON.stringify(value)}`).toBe(schemaAccepts(body));
      }
    }
  });

  it('refuses an answer whose list or pending order is off the contract, as the schema does', () => {
    for (const body of [
      null,
      [],
      { data: null, order_placed: null },
      { data: {}, order_placed: null },
      { data: [], order_placed: 5 },
      { data: [], order_placed: undefined },
      { data: [null], order_placed: null },
      { data: ['x'], order_placed: null },
      { data: [], order_placed: 'b1' },
    ]) {
      expect(readerAccepts(body), JSON.stringify(body)).toBe(schemaAccepts(body));
    }
  });
});
