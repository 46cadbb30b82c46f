import { findBatch, revokeBatch } from '../../modules/plans/codes.repo.ts';
import { defineCommand, positionalArgs, UsageError } from '../command.ts';

export default defineCommand({
  name: 'codes revoke-batch',
  summary: 'Revokes a batch: its unredeemed codes answer 478 from now on (redeemed ones keep their plan).',
  usage: ['<batch id>'],
  options: {},
  parse(args) {
    const [batchId] = positionalArgs(args, ['batch id']);
    return { batchId: batchId! };
  },
  async run(ctx, { batchId }) {
    const batch = await findBatch(ctx.db, batchId);
    if (!batch) throw new UsageError(`no batch ${batchId}`);
    if (batch.revokedAt) {
      ctx.out(`batch ${batchId} was already revoked on ${batch.revokedAt.toISOString()}`);
      return 0;
    }
    const revoked = await revokeBatch(ctx.db, batchId, ctx.now());
    ctx.out(`batch ${batchId} revoked at ${(revoked?.revokedAt ?? ctx.now()).toISOString()}`);
    return 0;
  },
});
