import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CatalogueError, upsertCatalogue } from '../../modules/plans/catalogue.service.ts';
import { catalogueFileSchema, describeIssue } from '../../modules/plans/catalogue.ts';
import { defineCommand, positionalArgs, requiredArg, UsageError } from '../command.ts';

export default defineCommand({
  name: 'products upsert',
  summary: 'Creates or updates products by key from a catalogue file and prints what changed.',
  usage: [
    '--file <catalogue.json>',
    '--file <path>   {"partner_id": "...", "products": [{"key": ..., "name": ..., ...}]}, the format of',
    '                apps/api/src/modules/plans/catalogue/<brand>.json. Each entry is the whole product (fields',
    '                left out take their defaults); products the file does not name stay as they are.',
  ],
  options: { file: { type: 'string' } },
  parse(args) {
    positionalArgs(args, []);
    return { file: requiredArg(args, 'file') };
  },
  async run(ctx, { file }) {
    const path = resolve(ctx.cwd, file);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      throw new UsageError(`cannot read ${path}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
    }
    const parsed = catalogueFileSchema.safeParse(json);
    if (!parsed.success) throw new UsageError(`${file}: ${describeIssue(parsed.error)}`);
    let report: Awaited<ReturnType<typeof upsertCatalogue>>;
    try {
      report = await upsertCatalogue(ctx.db, parsed.data);
    } catch (error) {
      if (error instanceof CatalogueError) throw new UsageError(`${file}: ${error.message}`);
      throw error;
    }
    for (const change of report) {
      ctx.out(
        `${change.key}: ${change.action}${change.changes.length ? ` (${change.changes.join(', ')})` : ''}`,
      );
    }
    const counts = (action: string) => report.filter((c) => c.action === action).length;
    ctx.out(
      `${parsed.data.partner_id}: ${counts('created')} created, ${counts('updated')} updated, ${counts('unchanged')} unchanged`,
    );
    return 0;
  },
});
