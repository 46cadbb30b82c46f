import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brandConfig } from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { importTrackers, normalizeTracker, TRACKER_FORMAT } from '../../modules/plans/trackers.repo.ts';
import {
  BRAND_HELP,
  BRAND_OPTION,
  brandArg,
  defineCommand,
  positionalArgs,
  requiredArg,
  UsageError,
} from '../command.ts';

const HEADERS = new Set(['tracker_id', 'tracker id', 'tracker', 'id', 'gps_tracker_id']);

/** One id per line, or the first column of a CSV (a header line is skipped); # starts a comment. */
export function parseTrackerFile(text: string): string[] {
  const ids: string[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const field = (line.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (field === '' || field.startsWith('#')) return;
    if (ids.length === 0 && HEADERS.has(field.toLowerCase())) return;
    const id = normalizeTracker(field);
    if (!TRACKER_FORMAT.test(id)) {
      throw new UsageError(
        `line ${index + 1}: "${field}" is not a tracker id (4 to 64 letters, digits or dashes)`,
      );
    }
    ids.push(id);
  });
  return ids;
}

export default defineCommand({
  name: 'trackers import',
  summary:
    'Issues GPS tracker ids to a brand (tier-fritz). Ids already known are skipped: repeating changes nothing.',
  usage: [
    '--file <ids.csv|ids.txt> [--brand <id>]',
    '--file <path>  one id per line, or a CSV whose first column is the id (a header line is skipped)',
    BRAND_HELP,
  ],
  options: { ...BRAND_OPTION, file: { type: 'string' } },
  parse(args, env) {
    positionalArgs(args, []);
    return { brand: brandArg(args, env), file: requiredArg(args, 'file') };
  },
  async run(ctx, { brand, file }) {
    const path = resolve(ctx.cwd, file);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      throw new UsageError(`cannot read ${path}`);
    }
    const ids = parseTrackerFile(text);
    if (ids.length === 0) throw new UsageError(`${file} holds no tracker ids`);
    const unique = [...new Set(ids)];
    const partnerId = brandConfig(brand).partnerId;
    // One transaction: a failure half-way leaves nothing imported.
    const inserted = await inTransaction(ctx.db, (tx) => importTrackers(tx, partnerId, unique));
    ctx.out(
      `trackers for ${partnerId}: ${inserted} inserted, ${ids.length - inserted} skipped (already imported)`,
    );
    return 0;
  },
});
