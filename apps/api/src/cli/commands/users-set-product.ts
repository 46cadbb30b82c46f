import { brandConfig } from '@pet/shared';
import { findUser } from '../../modules/admin/users.repo.ts';
import { currentPlan, setUserProduct } from '../../modules/plans/membership.service.ts';
import { findProductByRef } from '../../modules/plans/products.repo.ts';
import { BRAND_HELP, BRAND_OPTION, brandArg, defineCommand, positionalArgs, UsageError } from '../command.ts';

export default defineCommand({
  name: 'users set-product',
  summary:
    "Puts an account on a product as a plain plan (promo, gift and trial flags cleared; a trial's end job then does nothing).",
  usage: ['<email> <product key|id> [--brand <id>]', BRAND_HELP],
  options: BRAND_OPTION,
  parse(args, env) {
    const [email, product] = positionalArgs(args, ['email', 'product key|id']);
    return { email: email!, product: product!, brand: brandArg(args, env) };
  },
  async run(ctx, input) {
    const brand = brandConfig(input.brand);
    const user = await findUser(ctx.db, input.email);
    if (!user) throw new UsageError(`no user with e-mail "${input.email}"`);
    const product = await findProductByRef(ctx.db, brand.partnerId, input.product);
    if (!product) {
      throw new UsageError(
        `no product "${input.product}" for ${brand.partnerId} (see: products list --brand ${brand.id})`,
      );
    }
    const before = await currentPlan(ctx.db, brand, user.id);
    await setUserProduct(ctx.db, user.id, product);
    ctx.out(`${user.email}: ${before.product?.key ?? '-'} -> ${product.key} (${product.name})`);
    return 0;
  },
});
