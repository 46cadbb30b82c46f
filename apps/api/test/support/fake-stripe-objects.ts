// The fake Stripe's object shapes, shared by its resources (fake-stripe.ts, fake-stripe-schedules.ts).

/** A request's form parameters, decoded. */
export type Params = Record<string, unknown>;
/** A Stripe object as the fake keeps it. */
export type Obj = Record<string, unknown> & { id: string };
