import { brandConfig } from '@pet/shared';
import { countSessions, findUser } from '../../modules/admin/users.repo.ts';
import { currentPlan } from '../../modules/plans/membership.service.ts';
import { trackerIdsOf } from '../../modules/plans/trackers.repo.ts';
import { defineCommand, positionalArgs, UsageError, yesNo } from '../command.ts';

export default defineCommand({
  name: 'users find',
  summary: 'Shows one account: profile, ban, plan and how the user got it, trackers, sessions.',
  usage: ['<email or id>'],
  options: {},
  parse(args) {
    const [ref] = positionalArgs(args, ['email or id']);
    return { ref: ref! };
  },
  async run(ctx, { ref }) {
    const user = await findUser(ctx.db, ref);
    if (!user) throw new UsageError(`no user with e-mail or id "${ref}"`);
    const plan = await currentPlan(ctx.db, brandConfig(ctx.env.BRAND), user.id);
    const flags = [plan.isPromo && 'promo', plan.isGift && 'gift', plan.isTrial && 'trial'].filter(Boolean);
    const lines: Array<[string, string]> = [
      ['id', user.id],
      ['email', user.email],
      ['name', user.name],
      ['language', user.language],
      ['verified', yesNo(user.emailVerified)],
      ['banned', user.banned ? `yes${user.banReason ? ` (${user.banReason})` : ''}` : 'no'],
      ['created', user.createdAt.toISOString()],
      [
        'product',
        plan.product
          ? `${plan.product.name} (${plan.product.key}, ${plan.product.partnerId})${user.productKey ? '' : ' (default, no membership row)'}`
          : '-',
      ],
      ['associated', yesNo(plan.productAssociated)],
      ['code type', plan.activationCodeType ?? '-'],
      ['flags', flags.length ? flags.join(', ') : '-'],
      ['trial ends', plan.trialEndsAt?.toISOString() ?? '-'],
      ['trackers', (await trackerIdsOf(ctx.db, user.id)).join(', ') || '-'],
      ['sessions', String(await countSessions(ctx.db, user.id))],
    ];
    for (const [key, value] of lines) ctx.out(`${`${key}:`.padEnd(12)}${value}`);
    return 0;
  },
});
