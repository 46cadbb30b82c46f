import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brandConfig, CODE_TYPES, type CodeType } from '@pet/shared';
import type { Batch } from '../../modules/plans/codes.repo.ts';
import { createBatch } from '../../modules/plans/codes.service.ts';
import { findProductByRef } from '../../modules/plans/products.repo.ts';
import {
  BRAND_HELP,
  BRAND_OPTION,
  brandArg,
  dayArg,
  defineCommand,
  intArg,
  positionalArgs,
  requiredArg,
  stringArg,
  UsageError,
} from '../command.ts';

const MAX_COUNT = 100_000;

function csv(batch: Batch, productKey: string, codes: string[]): string {
  const lines = ['code,product,type,valid_from,valid_to'];
  for (const code of codes) {
    lines.push([code, productKey, batch.type, batch.validFrom ?? '', batch.validTo ?? ''].join(','));
  }
  return `${lines.join('\n')}\n`;
}

export default defineCommand({
  name: 'codes generate',
  summary:
    'Issues a batch of new activation codes for a product, as CSV (code,product,type,valid_from,valid_to).',
  usage: [
    '--product <key|id> --count <n> --type <standard|promo|gift|trial> [--months <n>] [--valid-from YYYY-MM-DD] [--valid-to YYYY-MM-DD] [--out <file.csv>] [--note <text>] [--brand <id>]',
    `--count <n>      1 to ${MAX_COUNT}`,
    '--months <n>     trial length, 1 to 120: required for --type trial, refused otherwise',
    '--valid-from/-to first and last day the codes work (Europe/Berlin), both optional',
    '--out <file>     write the CSV there (a new file) and print the batch id; without it the CSV goes to',
    '                 stdout and the batch line to stderr',
    BRAND_HELP,
  ],
  options: {
    ...BRAND_OPTION,
    product: { type: 'string' },
    count: { type: 'string' },
    type: { type: 'string' },
    months: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-to': { type: 'string' },
    out: { type: 'string' },
    note: { type: 'string' },
  },
  parse(args, env) {
    positionalArgs(args, []);
    const brand = brandArg(args, env);
    const product = requiredArg(args, 'product');
    const count = intArg(args, 'count', 1, MAX_COUNT);
    if (count === undefined) throw new UsageError('--count is required');
    const type = requiredArg(args, 'type');
    if (!(CODE_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(`--type must be one of ${CODE_TYPES.join(', ')}, not "${type}"`);
    }
    const months = intArg(args, 'months', 1, 120) ?? null;
    if (type === 'trial' && months === null) throw new UsageError('--months is required for --type trial');
    if (type !== 'trial' && months !== null) throw new UsageError('--months is only for --type trial');
    const validFrom = dayArg(args, 'valid-from') ?? null;
    const validTo = dayArg(args, 'valid-to') ?? null;
    if (validFrom && validTo && validFrom > validTo) {
      throw new UsageError(`--valid-from ${validFrom} is after --valid-to ${validTo}`);
    }
    return {
      brand,
      product,
      count,
      type: type as CodeType,
      months,
      validFrom,
      validTo,
      out: stringArg(args, 'out') ?? null,
      note: stringArg(args, 'note') ?? null,
    };
  },
  async run(ctx, input) {
    const partnerId = brandConfig(input.brand).partnerId;
    const product = await findProductByRef(ctx.db, partnerId, input.product);
    if (!product) {
      throw new UsageError(
        `no product "${input.product}" for ${partnerId} (see: products list --brand ${input.brand})`,
      );
    }
    if (!product.active) throw new UsageError(`product ${product.key} of ${partnerId} is inactive`);
    const outFile = input.out ? resolve(ctx.cwd, input.out) : null;
    const { batch, codes } = await createBatch(
      ctx.db,
      { ...input, product },
      // Written before the batch commits: no codes exist that the operator did not receive.
      async (created, made) => {
        if (outFile) {
          try {
            await writeFile(outFile, csv(created, product.key, made), { flag: 'wx' });
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            throw new UsageError(
              code === 'EEXIST'
                ? `${outFile} exists; choose a new file`
                : `cannot write ${outFile} (${code})`,
            );
          }
        }
      },
    );
    const summary = `batch ${batch.id}: ${codes.length} ${batch.type} codes for ${product.key} (${partnerId})`;
    if (outFile) {
      ctx.out(`${summary} written to ${outFile}`);
    } else {
      for (const line of csv(batch, product.key, codes).trimEnd().split('\n')) ctx.out(line);
      ctx.err(summary);
    }
    return 0;
  },
});
