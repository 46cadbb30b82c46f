import { randomBytes } from 'node:crypto';

// The fake Stripe's object shapes and the helpers every resource uses to make one.

/** A request's form parameters, decoded. */
export type Params = Record<string, unknown>;
/** A Stripe object as the fake keeps it. */
export type Obj = Record<string, unknown> & { id: string };

/** A new object id with Stripe's prefix (`cus_…`, `pi_…`). */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Stripe's time: unix seconds. */
export const now = () => Math.floor(Date.now() / 1000);
/** A list object as Stripe nests them (`lines`, `items`, `payments`). */
export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
