import type { Product } from '@pet/shared';

// The product list's answer read by hand, as strictly as its shared response schema reads it
// (productListResponseSchema; readProductList.test.ts holds the two together field by field): the subscription
// page then needs no zod, whose chunk cost a phone 22 KiB and about 50 ms of main thread before the plans
// showed (issue 46). `Record<keyof Product, …>` makes a field added to the schema a type error here.

type Check = (value: unknown) => boolean;

const text: Check = (value) => typeof value === 'string';
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const integer: Check = (value) => Number.isSafeInteger(value);
const flag: Check = (value) => typeof value === 'boolean';
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

const PRODUCT_FIELDS: Record<keyof Product, Check> = {
  id: text,
  name: text,
  sequence: integer,
  internal_note: orNull(text),
  is_default: flag,
  pets_limit: integer,
  documents_limit: integer,
  appointments: flag,
  medical: flag,
  emergency_file: flag,
  gps_tracking: flag,
  duration: orNull(integer),
  monthly_price: number,
  yearly_price: number,
  partner_id: text,
  key: text,
  monthly_price_id: orNull(text),
  yearly_price_id: orNull(text),
  stripe_id: orNull(text),
  tracker_price: orNull(number),
};

export interface ProductListAnswer {
  data: Product[];
  order_placed: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readProduct(value: unknown, index: number): Product {
  if (!isRecord(value)) throw offContract(`data[${index}]`);
  const product: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(PRODUCT_FIELDS)) {
    if (!check(value[field])) throw offContract(`data[${index}].${field}`);
    product[field] = value[field];
  }
  return product as unknown as Product;
}

/** The answer of GET /v1/subscription/product/list; throws on an answer off the contract, naming the field. */
export function readProductList(body: unknown): ProductListAnswer {
  if (!isRecord(body) || !Array.isArray(body.data)) throw offContract('data');
  if (!orNull(text)(body.order_placed)) throw offContract('order_placed');
  return { data: body.data.map(readProduct), order_placed: body.order_placed as string | null };
}

function offContract(field: string): Error {
  return new Error(`the product list's answer is off the contract at ${field}`);
}
