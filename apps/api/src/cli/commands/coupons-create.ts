import { euroToCents } from '@pet/shared';
import { businessDayEnd, businessDayStart } from '../../lib/business-day.ts';
import { isIsoDay } from '../../lib/dates.ts';
import {
  COUPON_DURATIONS,
  type CouponDuration,
  CUSTOMER_SCOPES,
  type CustomerScope,
  issueCoupon,
} from '../../modules/coupons/coupons.service.ts';
import { findProductByRef, type ProductRow } from '../../modules/plans/products.repo.ts';
import {
  defineCommand,
  intArg,
  PARTNER_HELP,
  PARTNER_OPTION,
  type ParsedArgs,
  partnerArg,
  positionalArgs,
  stringArg,
  UsageError,
} from '../command.ts';
import {
  couponDuration,
  couponOff,
  couponProducts,
  couponRedemptions,
  couponWindow,
} from '../coupon-format.ts';

const MAX_AMOUNT_EURO = 10_000;

/** dd.MM.yyyy (or YYYY-MM-DD) → YYYY-MM-DD, a real calendar day. */
function calendarDayArg(args: ParsedArgs, name: string): string | undefined {
  const raw = stringArg(args, name);
  if (raw === undefined) return undefined;
  const german = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw);
  const iso = german ? `${german[3]}-${german[2]}-${german[1]}` : raw;
  if (!isIsoDay(iso)) throw new UsageError(`--${name} must be a date as dd.MM.yyyy, not "${raw}"`);
  return iso;
}

function choiceArg<T extends string>(args: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const raw = stringArg(args, name);
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${raw}"`);
  }
  return raw as T;
}

/** 5, 5.5, 5.50 or 5,50 euro → cents. */
function euroArg(args: ParsedArgs, name: string): number | undefined {
  const raw = stringArg(args, name);
  if (raw === undefined) return undefined;
  const euro = Number(raw.replace(',', '.'));
  if (!/^\d+([.,]\d{1,2})?$/.test(raw) || euro <= 0 || euro > MAX_AMOUNT_EURO) {
    throw new UsageError(
      `--${name} must be euro above 0 and at most ${MAX_AMOUNT_EURO} (e.g. 5.50), not "${raw}"`,
    );
  }
  return euroToCents(euro);
}

export default defineCommand({
  name: 'coupons create',
  summary: "Issues a coupon for a partner's checkout: percent or amount off, for once, N months or forever.",
  usage: [
    '(--percent-off <n> | --amount-off <euro>) --duration <once|repeating|forever> [--months <n>] [--code <code>] [--products <key,key>] [--valid-from dd.MM.yyyy] [--valid-to dd.MM.yyyy] [--max-redemptions <n>] [--customers <new|existing|all>] [--note <text>] [--partner <id>]',
    '--code <code>         3 to 32 letters, digits, - or _, stored upper-case; generated when absent',
    '--percent-off <n>     1 to 100; or --amount-off <euro> (e.g. 5.50), at most the plan price is taken off',
    '--duration            once: the first payment; repeating: --months <n> (1 to 120); forever',
    '--products <keys>     product keys of the partner (see: products list); all products when absent',
    '--valid-from/-to      first and last day it works (Europe/Berlin, inclusive), both optional',
    '--max-redemptions <n> across all customers; unlimited when absent. Each customer uses a coupon once',
    '--customers           new (no paid order yet), existing (a paid order) or all (default)',
    PARTNER_HELP,
  ],
  options: {
    ...PARTNER_OPTION,
    code: { type: 'string' },
    'percent-off': { type: 'string' },
    'amount-off': { type: 'string' },
    duration: { type: 'string' },
    months: { type: 'string' },
    products: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-to': { type: 'string' },
    'max-redemptions': { type: 'string' },
    customers: { type: 'string' },
    note: { type: 'string' },
  },
  parse(args, env) {
    positionalArgs(args, []);
    const partnerId = partnerArg(args, env);
    const code = stringArg(args, 'code')?.toUpperCase() ?? null;
    if (code !== null && !/^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code)) {
      throw new UsageError(`--code must be 3 to 32 letters, digits, - or _, not "${code}"`);
    }
    const percentOff = intArg(args, 'percent-off', 1, 100) ?? null;
    const amountOffCents = euroArg(args, 'amount-off') ?? null;
    if ((percentOff === null) === (amountOffCents === null)) {
      throw new UsageError('give exactly one of --percent-off and --amount-off');
    }
    const duration: CouponDuration | undefined = choiceArg(args, 'duration', COUPON_DURATIONS);
    if (duration === undefined) throw new UsageError('--duration is required');
    const months = intArg(args, 'months', 1, 120) ?? null;
    if (duration === 'repeating' && months === null)
      throw new UsageError('--months is required for --duration repeating');
    if (duration !== 'repeating' && months !== null)
      throw new UsageError('--months is only for --duration repeating');
    const validFrom = calendarDayArg(args, 'valid-from') ?? null;
    const validTo = calendarDayArg(args, 'valid-to') ?? null;
    if (validFrom && validTo && validFrom > validTo) {
      throw new UsageError(`--valid-from ${validFrom} is after --valid-to ${validTo}`);
    }
    const products = stringArg(args, 'products');
    const productKeys = products === undefined ? [] : [...new Set(products.split(',').map((k) => k.trim()))];
    if (productKeys.some((k) => k === '')) throw new UsageError(`--products has an empty key: "${products}"`);
    const customers: CustomerScope = choiceArg(args, 'customers', CUSTOMER_SCOPES) ?? 'all';
    return {
      partnerId,
      code,
      percentOff,
      amountOffCents,
      duration,
      months,
      validFrom,
      validTo,
      productKeys,
      maxRedemptions: intArg(args, 'max-redemptions', 1, 10_000_000) ?? null,
      customers,
      note: stringArg(args, 'note') ?? null,
    };
  },
  async run(ctx, input) {
    const products: ProductRow[] = [];
    for (const key of input.productKeys) {
      const product = await findProductByRef(ctx.db, input.partnerId, key);
      if (!product) {
        throw new UsageError(
          `no product "${key}" for ${input.partnerId} (see: products list --brand ${input.partnerId})`,
        );
      }
      products.push(product);
    }
    const coupon = await issueCoupon(ctx.db, {
      partnerId: input.partnerId,
      code: input.code,
      percentOff: input.percentOff,
      amountOffCents: input.amountOffCents,
      duration: input.duration,
      durationInMonths: input.months,
      productIds: products.map((p) => p.id),
      validFrom: input.validFrom ? businessDayStart(input.validFrom) : null,
      validTo: input.validTo ? businessDayEnd(input.validTo) : null,
      maxRedemptions: input.maxRedemptions,
      customerScope: input.customers,
      note: input.note,
    });
    if (!coupon) throw new UsageError(`${input.partnerId} already has a coupon ${input.code}`);
    const keyOf = (id: string) => products.find((p) => p.id === id)?.key ?? id;
    ctx.out(
      `coupon ${coupon.code} (${input.partnerId}): ${couponOff(coupon)} off, ${couponDuration(coupon)}, ` +
        `products ${couponProducts(coupon, keyOf)}, valid ${couponWindow(coupon)}, ` +
        `redemptions ${couponRedemptions(coupon)}, customers ${coupon.customerScope}; id ${coupon.id}`,
    );
    return 0;
  },
});
