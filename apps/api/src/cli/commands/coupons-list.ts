import { businessDay } from '../../lib/business-day.ts';
import { listCoupons } from '../../modules/coupons/coupons.repo.ts';
import { listProducts } from '../../modules/plans/products.repo.ts';
import {
  defineCommand,
  PARTNER_HELP,
  PARTNER_OPTION,
  partnerArg,
  positionalArgs,
  table,
} from '../command.ts';
import {
  couponDuration,
  couponOff,
  couponProducts,
  couponRedemptions,
  couponWindow,
  germanDay,
} from '../coupon-format.ts';

export default defineCommand({
  name: 'coupons list',
  summary: "Lists a partner's coupons, revoked ones too, oldest first.",
  usage: ['[--partner <id>]', PARTNER_HELP],
  options: PARTNER_OPTION,
  parse(args, env) {
    positionalArgs(args, []);
    return { partnerId: partnerArg(args, env) };
  },
  async run(ctx, { partnerId }) {
    const rows = await listCoupons(ctx.db, partnerId);
    ctx.out(`${rows.length} coupons of ${partnerId}`);
    if (rows.length === 0) return 0;
    const keys = new Map(
      (await listProducts(ctx.db, partnerId, { activeOnly: false })).map((p) => [p.id, p.key]),
    );
    const lines = table([
      ['code', 'off', 'duration', 'products', 'valid', 'used', 'customers', 'revoked', 'note'],
      ...rows.map((c) => [
        c.code,
        couponOff(c),
        couponDuration(c),
        couponProducts(c, (id) => keys.get(id) ?? id),
        couponWindow(c),
        couponRedemptions(c),
        c.customerScope,
        c.revokedAt ? germanDay(businessDay(c.revokedAt)) : 'no',
        c.note ?? '-',
      ]),
    ]);
    for (const line of lines) ctx.out(line);
    return 0;
  },
});
