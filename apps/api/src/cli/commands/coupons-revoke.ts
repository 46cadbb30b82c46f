import { findCouponByCode, revokeCoupon } from '../../modules/coupons/coupons.repo.ts';
import {
  defineCommand,
  PARTNER_HELP,
  PARTNER_OPTION,
  partnerArg,
  positionalArgs,
  requiredArg,
  UsageError,
} from '../command.ts';

export default defineCommand({
  name: 'coupons revoke',
  summary:
    'Revokes a coupon: checks and new orders answer COUPON NOT FOUND from now on (paid orders keep their discount).',
  usage: ['--code <code> [--partner <id>]', PARTNER_HELP],
  options: { ...PARTNER_OPTION, code: { type: 'string' } },
  parse(args, env) {
    positionalArgs(args, []);
    return { partnerId: partnerArg(args, env), code: requiredArg(args, 'code') };
  },
  async run(ctx, { partnerId, code }) {
    const coupon = await findCouponByCode(ctx.db, partnerId, code);
    if (!coupon) throw new UsageError(`no coupon ${code.toUpperCase()} for ${partnerId}`);
    if (coupon.revokedAt) {
      ctx.out(`coupon ${coupon.code} was already revoked on ${coupon.revokedAt.toISOString()}`);
      return 0;
    }
    const revoked = await revokeCoupon(ctx.db, coupon.id, ctx.now());
    ctx.out(
      `coupon ${coupon.code} (${partnerId}) revoked at ${(revoked?.revokedAt ?? ctx.now()).toISOString()}`,
    );
    return 0;
  },
});
