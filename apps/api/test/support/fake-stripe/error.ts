// An error the fake Stripe answers in Stripe's shape ({ error: { type, code, message, param } }).

export class StripeError extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: string;
  /** The request parameter the error is about, as Stripe names it (`items[0][discounts][0][coupon]`). */
  readonly param: string | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    options: { type?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.type = options.type ?? 'invalid_request_error';
    this.param = options.param;
  }
}
