import { parseArgs } from 'node:util';
import { type Env, EnvError, loadEnv } from '../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DatabaseLockedError } from '../db/lock.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { QUEUE_NAMES } from '../job-registry.ts';
import { seedCatalogues } from '../modules/plans/catalogue.service.ts';
import { type Command, type CommandContext, UsageError, usageText } from './command.ts';
import { COMMANDS } from './commands/index.ts';

// The operator's command line, testable in-process: runAdmin(argv, io) -> exit code.
//   0 done · 1 could not run (database locked or unreachable, configuration, a failure) · 2 bad arguments
//   (malformed, or naming a product, user, batch or file that does not exist): one line saying what is
//   wrong, then the command's usage, and nothing changed.
// Arguments are checked before the database is opened, so --help and mistakes never touch it.

export interface AdminIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** An open, migrated database (tests). Without it the one the environment names is opened like the server does. */
  database?: Database;
  /** Default: process.env. */
  env?: Record<string, string | undefined>;
  /** Where relative file names are resolved. Default: where `npm run` was started (INIT_CWD), else the cwd. */
  cwd?: string;
  now?: () => Date;
}

function rootUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: npm run admin -- <command> [arguments]   (add --help to any command for its arguments)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "The database is the server's: DATABASE_URL, else PGlite under DATA_DIR (refused while a server runs on it).",
  ].join('\n');
}

function firstSentence(message: string): string {
  return message.split(/\.\s/)[0]!.replace(/\.$/, '');
}

function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, rest: argv.slice(words.length) };
  }
  return undefined;
}

export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const out = (line: string) => void io.stdout.write(`${line}\n`);
  const err = (line: string) => void io.stderr.write(`${line}\n`);
  const [first] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? err : out)(rootUsage());
    return first === undefined ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
    const asked = argv.slice(0, group.length ? 2 : 1).join(' ');
    err(group.length && argv.length < 2 ? `${first}: which command?` : `unknown command: ${asked}`);
    err(rootUsage());
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    out(usageText(command));
    return 0;
  }

  let env: Env;
  try {
    env = loadEnv(io.env ?? process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    err(error.message);
    return 1;
  }

  let input: unknown;
  try {
    const parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
    input = command.parse({ values: parsed.values, positionals: parsed.positionals }, env);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    // parseArgs reports unknown options and missing values as TypeErrors with long explanations.
    err(firstSentence(error.message));
    err(usageText(command));
    return 2;
  }

  let database = io.database;
  const ownDatabase = !database;
  try {
    if (!database) {
      // No statement timeout: an operator's bulk command may take long, and Ctrl-C ends it.
      database = await openDatabase(
        { DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR },
        'admin command',
      );
      await migrateDatabase(database, QUEUE_NAMES);
      await seedCatalogues(database.db);
    }
    const ctx: CommandContext = {
      database,
      db: database.db,
      env,
      cwd: io.cwd ?? (io.env ?? process.env).INIT_CWD ?? process.cwd(),
      now: io.now ?? (() => new Date()),
      out,
      err,
    };
    return await command.run(ctx, input);
  } catch (error) {
    if (error instanceof UsageError) {
      err(error.message);
      err(usageText(command));
      return 2;
    }
    if (error instanceof DatabaseLockedError) {
      err(error.message);
      return 1;
    }
    err(`${command.name} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (ownDatabase && database) await database.close();
  }
}
