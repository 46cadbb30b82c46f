import type { ParseArgsOptionsConfig } from 'node:util';
import { BRAND_IDS, type BrandId, brandConfig, isBrandId, PARTNER_IDS } from '@pet/shared';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import { isIsoDay } from '../lib/dates.ts';

// The shape of one operator command (cli/commands/*.ts) and the helpers their argument checks share.

/** What the operator typed is wrong (syntax, a value, or a name that does not exist): exit 2, nothing changed. */
export class UsageError extends Error {}

export interface CommandContext {
  database: Database;
  db: Db;
  env: Env;
  /** Where relative file names are resolved (the directory `npm run admin` was started from). */
  cwd: string;
  now: () => Date;
  out(line: string): void;
  err(line: string): void;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
}

export interface Command<T = unknown> {
  /** "products list" */
  name: string;
  summary: string;
  /** Lines after "Usage: npm run admin -- <name>": the synopsis first, then option lines. */
  usage: string[];
  options: ParseArgsOptionsConfig;
  /** Turns the parsed arguments into the command's input; throws UsageError. */
  parse(args: ParsedArgs, env: Env): T;
  /** Exit code: 0 done. Throws UsageError for names that do not resolve. */
  run(ctx: CommandContext, input: T): Promise<number>;
}

export function defineCommand<T>(command: Command<T>): Command<unknown> {
  return command as Command<unknown>;
}

export function usageText(command: Command): string {
  const [synopsis, ...rest] = command.usage;
  return [
    `Usage: npm run admin -- ${command.name} ${synopsis ?? ''}`.trimEnd(),
    `  ${command.summary}`,
    ...rest.map((l) => `  ${l}`),
  ].join('\n');
}

export const BRAND_OPTION: ParseArgsOptionsConfig = { brand: { type: 'string' } };
export const BRAND_HELP = `--brand <id>   ${BRAND_IDS.join(' | ')} (default: BRAND, else petention)`;

export function brandArg(args: ParsedArgs, env: Env): BrandId {
  const value = args.values.brand;
  if (value === undefined) return env.BRAND;
  if (typeof value !== 'string' || !isBrandId(value)) {
    throw new UsageError(`--brand must be one of ${BRAND_IDS.join(', ')}, not "${String(value)}"`);
  }
  return value;
}

export const PARTNER_OPTION: ParseArgsOptionsConfig = { partner: { type: 'string' } };
export const PARTNER_HELP = `--partner <id> ${PARTNER_IDS.join(' | ')} (default: BRAND's partner)`;

/** The partner a command is about: --partner, else the partner of the server's brand. */
export function partnerArg(args: ParsedArgs, env: Env): string {
  const value = args.values.partner;
  if (value === undefined) return brandConfig(env.BRAND).partnerId;
  if (typeof value !== 'string' || !PARTNER_IDS.includes(value)) {
    throw new UsageError(`--partner must be one of ${PARTNER_IDS.join(', ')}, not "${String(value)}"`);
  }
  return value;
}

export function stringArg(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value.trim();
}

export function requiredArg(args: ParsedArgs, name: string): string {
  const value = stringArg(args, name);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

export function intArg(args: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const raw = stringArg(args, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

export function dayArg(args: ParsedArgs, name: string): string | undefined {
  const raw = stringArg(args, name);
  if (raw === undefined) return undefined;
  if (!isIsoDay(raw)) throw new UsageError(`--${name} must be a date as YYYY-MM-DD, not "${raw}"`);
  return raw;
}

/** Exactly the named positionals. */
export function positionalArgs(args: ParsedArgs, names: string[]): string[] {
  if (args.positionals.length < names.length) {
    throw new UsageError(`missing <${names[args.positionals.length]}>`);
  }
  if (args.positionals.length > names.length) {
    throw new UsageError(`unexpected argument "${args.positionals[names.length]}"`);
  }
  return args.positionals.map((p) => p.trim());
}

/** Rows as aligned columns (the first row is the header). */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
