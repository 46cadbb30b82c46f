import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  as,
  nextIp,
  quickUser,
  signIn,
  signInRequest,
  signUpRequest,
  uniqueEmail,
} from '../../test/support/accounts.ts';
import { issueCode, membershipRow, productOf } from '../../test/support/plans.ts';
import { COMPILE_CACHE } from '../../test/support/server-process.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { openDatabase } from '../db/client.ts';
import {
  activationCodeBatches,
  activationCodes,
  coupons,
  gpsTrackers,
  products,
  sessions,
} from '../db/schema/index.ts';
import { CODE_ALPHABET } from '../modules/plans/codes.generate.ts';
import { COMMANDS } from './commands/index.ts';
import { runAdmin } from './run-admin.ts';

// Long-running (18 s): the admin CLI in child processes (started first: vitest.config.ts).

// Every operator command with good and bad arguments, in-process on the test app's database (so the API
// sees what the CLI did); then the real thing: `node apps/api/src/cli/admin.ts` as a child process.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const t = useTestApp();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pet-admin-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  out: string;
  err: string;
}

async function admin(...argv: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, {
    database: t.database,
    env: { BRAND: 'petention', DATA_DIR: dir, LOG_LEVEL: 'silent' },
    cwd: dir,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}

/** Exit 2, one line saying what is wrong, then the usage; nothing on stdout. */
function expectBadArguments(run: Run, problem: string | RegExp) {
  expect(run.code).toBe(2);
  expect(run.out).toBe('');
  const [first, ...rest] = run.err.trimEnd().split('\n');
  expect(first).toMatch(problem);
  expect(rest[0]).toMatch(/^Usage: npm run admin -- /);
}

async function rowCount(table: typeof activationCodeBatches | typeof activationCodes | typeof gpsTrackers) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('help and dispatch', () => {
  test('--help lists every command; no command is a usage error', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.out).toContain(command.name);
    const none = await admin();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: npm run admin -- <command>');
  });

  test.each(COMMANDS.map((c) => c.name))('%s --help prints its usage', async (name) => {
    const run = await admin(...name.split(' '), '--help');
    expect(run.code).toBe(0);
    expect(run.out.startsWith(`Usage: npm run admin -- ${name}`)).toBe(true);
  });

  test('unknown commands and groups without a command exit 2', async () => {
    expectBadArguments(await admin('products', 'delete'), 'unknown command: products delete');
    expectBadArguments(await admin('codes'), 'codes: which command?');
    expectBadArguments(await admin('launch'), 'unknown command: launch');
  });
});

describe('db migrate', () => {
  test('applies what is missing (nothing here) and names the newest migration', async () => {
    const run = await admin('db', 'migrate');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^database migrated: \d{2,} migrations, the newest of \d{4}-\d{2}-\d{2}T/);
    expectBadArguments(await admin('db', 'migrate', 'now'), 'unexpected argument "now"');
  });
});

describe('products', () => {
  test('list: the brand’s products; --brand picks another; bad arguments exit 2', async () => {
    const run = await admin('products', 'list');
    expect(run.code).toBe(0);
    expect(run.out).toContain('4 products of petention');
    expect(run.out).toMatch(/premium-gps\s+3\s+Premium GPS/);
    expect((await admin('products', 'list', '--brand', 'hunde-schutz')).out).toMatch(
      /premium-plus\s+4\s+Premium Plus/,
    );
    expectBadArguments(await admin('products', 'list', '--brand', 'acme'), /^--brand must be one of/);
    expectBadArguments(await admin('products', 'list', 'extra'), 'unexpected argument "extra"');
    expectBadArguments(await admin('products', 'list', '--brand'), /argument missing/);
  });

  test('upsert: by key, printing what changed; a repeat changes nothing', async () => {
    const file = join(dir, 'animal-care.json');
    const catalogue = JSON.parse(
      await readFile(join(ROOT, 'apps/api/src/modules/plans/catalogue/animal-care.json'), 'utf8'),
    );
    catalogue.products[1].yearly_price = 24.99;
    catalogue.products.push({
      ...catalogue.products[2],
      key: 'premium-promo',
      name: 'Premium Promo',
      is_default: false,
      internal_note: 'Promo',
    });
    await writeFile(file, JSON.stringify(catalogue));
    const run = await admin('products', 'upsert', '--file', 'animal-care.json');
    expect(run.code).toBe(0);
    expect(run.out).toContain('basic: updated (yearly_price: 29.99 -> 24.99)');
    expect(run.out).toContain('premium-promo: created');
    expect(run.out).toContain('free: unchanged');
    expect(run.out).toContain('animal-care: 1 created, 1 updated, 3 unchanged');
    expect((await productOf(t.database, 'animal-care', 'basic')).yearlyPrice).toBe(24.99);
    expect((await admin('products', 'upsert', '--file', file)).out).toContain(
      '0 created, 0 updated, 5 unchanged',
    );
  });

  test('upsert: moving the default flag reports both products', async () => {
    const file = join(dir, 'primepet-default.json');
    const catalogue = JSON.parse(
      await readFile(join(ROOT, 'apps/api/src/modules/plans/catalogue/primepet.json'), 'utf8'),
    );
    const basic = { ...catalogue.products[1], is_default: true };
    await writeFile(file, JSON.stringify({ partner_id: 'primepet', products: [basic] }));
    const run = await admin('products', 'upsert', '--file', file);
    expect(run.out).toContain('free: updated (is_default: true -> false)');
    expect(run.out).toContain('basic: updated (is_default: false -> true)');
    expect((await productOf(t.database, 'primepet', 'basic')).isDefault).toBe(true);
  });

  test('upsert: bad files exit 2 and change nothing', async () => {
    const before = await t.database.db.select().from(products);
    const write = async (name: string, content: string) => {
      await writeFile(join(dir, name), content);
      return name;
    };
    expectBadArguments(await admin('products', 'upsert'), '--file is required');
    expectBadArguments(await admin('products', 'upsert', '--file', 'missing.json'), /^cannot read /);
    expectBadArguments(
      await admin('products', 'upsert', '--file', await write('broken.json', '{')),
      /is not JSON/,
    );
    const base = { key: 'x', name: 'X', sequence: 1, pets_limit: 1, documents_limit: 1 };
    expectBadArguments(
      await admin(
        'products',
        'upsert',
        '--file',
        await write(
          'neg.json',
          JSON.stringify({ partner_id: 'petention', products: [{ ...base, pets_limit: -1 }] }),
        ),
      ),
      /products\.0\.pets_limit/,
    );
    expectBadArguments(
      await admin(
        'products',
        'upsert',
        '--file',
        await write(
          'typo.json',
          JSON.stringify({ partner_id: 'petention', products: [{ ...base, petslimit: 3 }] }),
        ),
      ),
      /products\.0/,
    );
    expectBadArguments(
      await admin(
        'products',
        'upsert',
        '--file',
        await write('acme.json', JSON.stringify({ partner_id: 'acme', products: [base] })),
      ),
      /^acme.json: partner_id/,
    );
    expectBadArguments(
      await admin(
        'products',
        'upsert',
        '--file',
        await write(
          'two-defaults.json',
          JSON.stringify({
            partner_id: 'petention',
            products: [
              { ...base, is_default: true },
              { ...base, key: 'y', is_default: true },
            ],
          }),
        ),
      ),
      /at most one product may be is_default/,
    );
    expectBadArguments(
      await admin(
        'products',
        'upsert',
        '--file',
        await write(
          'no-default.json',
          JSON.stringify({ partner_id: 'petention', products: [{ ...base, key: 'free' }] }),
        ),
      ),
      /would have no default product/,
    );
    expect(await t.database.db.select().from(products)).toEqual(before);
  });
});

describe('codes', () => {
  test('generate: a batch, its CSV file and the batch id; the codes work', async () => {
    const run = await admin(
      'codes',
      'generate',
      '--product',
      'basic',
      '--count',
      '25',
      '--type',
      'promo',
      '--valid-from',
      '2020-01-01',
      '--valid-to',
      '2099-12-31',
      '--out',
      'promo.csv',
    );
    expect(run.code).toBe(0);
    const batchId = /^batch (\S+): 25 promo codes for basic \(petention\) written to /.exec(run.out)?.[1];
    expect(batchId).toBeDefined();
    const lines = (await readFile(join(dir, 'promo.csv'), 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('code,product,type,valid_from,valid_to');
    expect(lines).toHaveLength(26);
    const codes = lines.slice(1).map((line) => {
      const [code, ...rest] = line.split(',');
      expect(rest).toEqual(['basic', 'promo', '2020-01-01', '2099-12-31']);
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
      return code!;
    });
    const [batch] = await t.database.db
      .select()
      .from(activationCodeBatches)
      .where(eq(activationCodeBatches.id, batchId!));
    expect(batch).toMatchObject({
      partnerId: 'petention',
      type: 'promo',
      months: null,
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verifycode',
      remoteAddress: nextIp(),
      payload: { code: codes[0] },
    });
    expect(verify.statusCode).toBe(200);
  });

  test('generate: trial codes with months; without --out the CSV goes to stdout', async () => {
    const run = await admin(
      'codes',
      'generate',
      '--product',
      'premium',
      '--count',
      '2',
      '--type',
      'trial',
      '--months',
      '3',
    );
    expect(run.code).toBe(0);
    expect(run.out.trimEnd().split('\n')).toEqual([
      'code,product,type,valid_from,valid_to',
      expect.stringMatching(/^\w{12},premium,trial,,$/),
      expect.stringMatching(/^\w{12},premium,trial,,$/),
    ]);
    expect(run.err).toMatch(/^batch \S+: 2 trial codes for premium \(petention\)\n$/);
  });

  test('generate: bad arguments exit 2 and issue nothing', async () => {
    const batches = await rowCount(activationCodeBatches);
    const codes = await rowCount(activationCodes);
    await writeFile(join(dir, 'exists.csv'), 'keep me');
    const base = ['codes', 'generate', '--product', 'basic', '--count', '5', '--type', 'standard'];
    const cases: Array<[string[], string | RegExp]> = [
      [['codes', 'generate', '--count', '5', '--type', 'standard'], '--product is required'],
      [['codes', 'generate', '--product', 'basic', '--type', 'standard'], '--count is required'],
      [
        [...base.slice(0, 4), '--count', '0', '--type', 'standard'],
        '--count must be a whole number from 1 to 100000, not "0"',
      ],
      [[...base.slice(0, 4), '--count', 'many', '--type', 'standard'], /--count must be a whole number/],
      [
        [...base.slice(0, 6), '--type', 'bonus'],
        '--type must be one of standard, promo, gift, trial, not "bonus"',
      ],
      [[...base.slice(0, 6), '--type', 'trial'], '--months is required for --type trial'],
      [[...base, '--months', '3'], '--months is only for --type trial'],
      [
        [...base, '--valid-from', '2025-02-30'],
        '--valid-from must be a date as YYYY-MM-DD, not "2025-02-30"',
      ],
      [
        [...base, '--valid-from', '2025-05-02', '--valid-to', '2025-05-01'],
        '--valid-from 2025-05-02 is after --valid-to 2025-05-01',
      ],
      [[...base, '--brand', 'acme'], /^--brand must be one of/],
      [[...base, '--colour', 'red'], "Unknown option '--colour'"],
      [
        ['codes', 'generate', '--product', 'no-such-plan', '--count', '5', '--type', 'standard'],
        'no product "no-such-plan" for petention (see: products list --brand petention)',
      ],
      [[...base, '--out', 'exists.csv'], /exists\.csv exists; choose a new file$/],
    ];
    for (const [argv, problem] of cases) expectBadArguments(await admin(...argv), problem);
    expect(await readFile(join(dir, 'exists.csv'), 'utf8')).toBe('keep me');
    expect(await rowCount(activationCodeBatches)).toBe(batches);
    expect(await rowCount(activationCodes)).toBe(codes);
  });

  test('revoke-batch: its codes answer 478; again says so; unknown or missing id exits 2', async () => {
    const generated = await admin(
      'codes',
      'generate',
      '--product',
      'basic',
      '--count',
      '1',
      '--type',
      'standard',
    );
    const batchId = /^batch (\S+):/.exec(generated.err)![1]!;
    const code = generated.out.trimEnd().split('\n')[1]!.split(',')[0]!;
    const run = await admin('codes', 'revoke-batch', batchId);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^batch ${batchId} revoked at `));
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verifycode',
      remoteAddress: nextIp(),
      payload: { code },
    });
    expect(verify.statusCode).toBe(478);
    expect((await admin('codes', 'revoke-batch', batchId)).out).toContain('was already revoked');
    expectBadArguments(await admin('codes', 'revoke-batch', 'no-such-batch'), 'no batch no-such-batch');
    expectBadArguments(await admin('codes', 'revoke-batch'), 'missing <batch id>');
  });
});

describe('coupons', () => {
  const checkCoupon = (
    user: { cookie: string; token: string; email: string },
    code: string,
    productId: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/coupon/isvalid',
      remoteAddress: nextIp(),
      headers: as(user),
      payload: { code_name: code, email: user.email, duration: 'monthly', product_id: productId },
    });

  test('create: upper-case code, products by key, Berlin days inclusive; the checkout accepts it', async () => {
    const run = await admin(
      'coupons',
      'create',
      '--code',
      'spring-26',
      '--percent-off',
      '20',
      '--duration',
      'once',
      '--products',
      'premium,basic',
      '--valid-from',
      '01.01.2026',
      '--valid-to',
      '31.12.2099',
      '--max-redemptions',
      '50',
      '--customers',
      'all',
      '--note',
      'spring campaign',
    );
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^coupon SPRING-26 \(petention\): 20% off, once, products premium,basic, valid 01\.01\.2026 to 31\.12\.2099, redemptions 0\/50, customers all; id \S+\n$/,
    );
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'SPRING-26'));
    expect(row?.validFrom?.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(row?.validTo?.toISOString()).toBe('2099-12-31T22:59:59.999Z');
    expect(row?.note).toBe('spring campaign');
    const premium = await productOf(t.database, 'petention', 'premium');
    expect(row?.productIds).toContain(premium.id);
    const answer = await checkCoupon(await t.user(), 'spring-26', premium.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().codes[0]).toMatchObject({ coupon_id: row?.id, percent_off: 20 });
  });

  test('create: a generated code, an amount for months; list shows every coupon of the partner only', async () => {
    const run = await admin(
      'coupons',
      'create',
      '--amount-off',
      '5,50',
      '--duration',
      'repeating',
      '--months',
      '3',
      '--customers',
      'new',
      '--partner',
      'hunde-schutz',
    );
    expect(run.code).toBe(0);
    const code = /^coupon (\S+) \(hunde-schutz\): 5\.50 EUR off, 3 months, products all, valid always/.exec(
      run.out,
    )?.[1];
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{10}$`));
    const list = await admin('coupons', 'list', '--partner', 'hunde-schutz');
    expect(list.code).toBe(0);
    expect(list.out).toContain('1 coupons of hunde-schutz');
    expect(list.out).toMatch(/code\s+off\s+duration\s+products\s+valid\s+used\s+customers\s+revoked\s+note/);
    expect(list.out).toMatch(
      new RegExp(`${code}\\s+5\\.50 EUR\\s+3 months\\s+all\\s+always\\s+0/unlimited\\s+new\\s+no`),
    );
    expect(list.out).not.toContain('SPRING-26');
    expect((await admin('coupons', 'list')).out).toMatch(
      /SPRING-26\s+20%\s+once\s+premium,basic\s+01\.01\.2026 to 31\.12\.2099\s+0\/50\s+all\s+no\s+spring campaign/,
    );
  });

  test('revoke: the checkout answers not found; again says so; unknown or missing code exits 2', async () => {
    expect(
      (await admin('coupons', 'create', '--code', 'GONE1', '--percent-off', '5', '--duration', 'forever'))
        .code,
    ).toBe(0);
    const run = await admin('coupons', 'revoke', '--code', 'gone1');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^coupon GONE1 \(petention\) revoked at /);
    const premium = await productOf(t.database, 'petention', 'premium');
    const answer = await checkCoupon(await t.user(), 'GONE1', premium.id);
    expect(answer.statusCode).toBe(476);
    expect(answer.json()).toEqual({ code: 'COUPON_INVALID', message: 'COUPON NOT FOUND' });
    expect(await admin('coupons', 'list')).toMatchObject({
      out: expect.stringMatching(/GONE1\s.*\d{2}\.\d{2}\.\d{4}/),
    });
    expect((await admin('coupons', 'revoke', '--code', 'GONE1')).out).toContain('was already revoked');
    expectBadArguments(await admin('coupons', 'revoke', '--code', 'NOPE'), 'no coupon NOPE for petention');
    expectBadArguments(
      await admin('coupons', 'revoke', '--code', 'GONE1', '--partner', 'tier-fritz'),
      'no coupon GONE1 for tier-fritz',
    );
    expectBadArguments(await admin('coupons', 'revoke'), '--code is required');
  });

  test('create: bad arguments exit 2 and issue nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(coupons);
    const base = ['coupons', 'create', '--percent-off', '10', '--duration', 'once'];
    const cases: Array<[string[], string | RegExp]> = [
      [['coupons', 'create', '--duration', 'once'], 'give exactly one of --percent-off and --amount-off'],
      [[...base, '--amount-off', '5'], 'give exactly one of --percent-off and --amount-off'],
      [
        ['coupons', 'create', '--percent-off', '101', '--duration', 'once'],
        /^--percent-off must be a whole number from 1 to 100/,
      ],
      [
        ['coupons', 'create', '--amount-off', '0', '--duration', 'once'],
        /^--amount-off must be euro above 0/,
      ],
      [['coupons', 'create', '--amount-off', '5.555', '--duration', 'once'], /^--amount-off must be euro/],
      [['coupons', 'create', '--percent-off', '10'], '--duration is required'],
      [
        ['coupons', 'create', '--percent-off', '10', '--duration', 'weekly'],
        '--duration must be one of once, repeating, forever, not "weekly"',
      ],
      [
        ['coupons', 'create', '--percent-off', '10', '--duration', 'repeating'],
        '--months is required for --duration repeating',
      ],
      [[...base, '--months', '3'], '--months is only for --duration repeating'],
      [
        [...base, '--products', 'premium,no-such-plan'],
        'no product "no-such-plan" for petention (see: products list --brand petention)',
      ],
      [[...base, '--products', 'premium,,basic'], /^--products has an empty key/],
      [
        [...base, '--valid-from', '30.02.2026'],
        '--valid-from must be a date as dd.MM.yyyy, not "30.02.2026"',
      ],
      [
        [...base, '--valid-from', '02.05.2026', '--valid-to', '01.05.2026'],
        '--valid-from 2026-05-02 is after --valid-to 2026-05-01',
      ],
      [[...base, '--max-redemptions', '0'], /^--max-redemptions must be a whole number/],
      [[...base, '--customers', 'vip'], '--customers must be one of new, existing, all, not "vip"'],
      [[...base, '--code', 'a b'], '--code must be 3 to 32 letters, digits, - or _, not "A B"'],
      [[...base, '--code', 'Spring-26'], 'petention already has a coupon SPRING-26'],
      [[...base, '--partner', 'acme'], /^--partner must be one of/],
      [[...base, 'extra'], 'unexpected argument "extra"'],
    ];
    for (const [argv, problem] of cases) expectBadArguments(await admin(...argv), problem);
    expect(await t.database.db.select({ n: count() }).from(coupons)).toEqual(before);
  });
});

describe('trackers import', () => {
  test('imports a CSV; repeating it changes nothing; --brand names the partner', async () => {
    await writeFile(
      join(dir, 'trackers.csv'),
      'tracker_id,box\nTF-CLI-0001,1\ntf-cli-0002,1\nTF-CLI-0003,2\nTF-CLI-0003,2\n',
    );
    const first = await admin('trackers', 'import', '--file', 'trackers.csv', '--brand', 'tier-fritz');
    expect(first.code).toBe(0);
    expect(first.out).toBe('trackers for tier-fritz: 3 inserted, 1 skipped (already imported)\n');
    const again = await admin('trackers', 'import', '--file', 'trackers.csv', '--brand', 'tier-fritz');
    expect(again.out).toBe('trackers for tier-fritz: 0 inserted, 4 skipped (already imported)\n');
    const [row] = await t.database.db
      .select()
      .from(gpsTrackers)
      .where(eq(gpsTrackers.trackerId, 'TF-CLI-0002'));
    expect(row).toMatchObject({ partnerId: 'tier-fritz', userId: null });
  });

  test('a file with a bad id, a missing file or no ids exits 2 and imports nothing', async () => {
    const before = await rowCount(gpsTrackers);
    await writeFile(join(dir, 'bad.txt'), 'TF-CLI-0100\nTF CLI 0101\n');
    expectBadArguments(
      await admin('trackers', 'import', '--file', 'bad.txt'),
      /^line 2: "TF CLI 0101" is not a tracker id/,
    );
    await writeFile(join(dir, 'empty.txt'), '# nothing\n\n');
    expectBadArguments(
      await admin('trackers', 'import', '--file', 'empty.txt'),
      'empty.txt holds no tracker ids',
    );
    expectBadArguments(await admin('trackers', 'import', '--file', 'nope.txt'), /^cannot read /);
    expectBadArguments(await admin('trackers', 'import'), '--file is required');
    expect(await rowCount(gpsTrackers)).toBe(before);
  });
});

describe('users', () => {
  test('list pages through accounts; bad paging exits 2', async () => {
    const a = await t.user();
    const run = await admin('users', 'list', '--limit', '1000');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`${a.id}\\s+${a.email}\\s+Test Owner\\s+yes\\s+no\\s+free`));
    expect(run.out).toMatch(/users 1-\d+ of \d+\n$/);
    const far = await admin('users', 'list', '--offset', '100000');
    expect(far.out).toMatch(/^no users at offset 100000/);
    expectBadArguments(
      await admin('users', 'list', '--limit', '0'),
      /^--limit must be a whole number from 1 to 1000/,
    );
    expectBadArguments(await admin('users', 'list', '--offset', 'x'), /^--offset must be a whole number/);
  });

  test('find by e-mail (any case) or id; unknown exits 2', async () => {
    const user = await quickUser(t, { activation_code: await issueCode(t.database, { type: 'gift' }) });
    for (const ref of [user.email.toUpperCase(), user.id]) {
      const run = await admin('users', 'find', ref);
      expect(run.code).toBe(0);
      expect(run.out).toContain(`email:      ${user.email}`);
      expect(run.out).toContain('product:    Premium (premium, petention)');
      expect(run.out).toContain('code type:  gift');
      expect(run.out).toContain('flags:      gift');
      expect(run.out).toContain('sessions:   1');
    }
    expectBadArguments(
      await admin('users', 'find', 'nobody@example.test'),
      'no user with e-mail or id "nobody@example.test"',
    );
    expectBadArguments(await admin('users', 'find'), 'missing <email or id>');
  });

  test('ban ends every session at once and refuses sign-in; unban lets the user back', async () => {
    const user = await t.user();
    const ban = await admin('users', 'ban', user.email, '--reason', 'chargeback');
    expect(ban).toMatchObject({ code: 0, out: `${user.email} banned (chargeback); 1 sessions ended\n` });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
    expect(me.statusCode).toBe(401);
    const refused = await signInRequest(t.app, { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BANNED_USER', message: 'Access_Revoked_Text' });

    expect((await admin('users', 'unban', user.email)).out).toBe(`${user.email} unbanned\n`);
    expect((await admin('users', 'unban', user.email)).out).toBe(`${user.email} is not banned\n`);
    await signIn(t.app, user.email, user.password);
    expectBadArguments(await admin('users', 'ban'), 'missing <email>');
    expectBadArguments(
      await admin('users', 'ban', 'nobody@example.test'),
      'no user with e-mail "nobody@example.test"',
    );
    expectBadArguments(await admin('users', 'unban', 'a', 'b'), 'unexpected argument "b"');
  });

  test('verify marks the address verified: sign-in works without the mail', async () => {
    const email = uniqueEmail('unverified');
    expect((await signUpRequest(t.app, { email })).statusCode).toBe(201);
    expect((await signInRequest(t.app, { email, password: 'secret-pass-1' })).statusCode).toBe(403);
    expect((await admin('users', 'verify', email)).out).toBe(`${email} verified\n`);
    expect((await admin('users', 'verify', email)).out).toBe(`${email} is already verified\n`);
    await signIn(t.app, email, 'secret-pass-1');
    expectBadArguments(await admin('users', 'verify'), 'missing <email>');
  });

  test('set-product puts the user on the product (flags cleared); myinfo shows it', async () => {
    const user = await quickUser(t, {
      activation_code: await issueCode(t.database, { type: 'trial', months: 2 }),
    });
    const run = await admin('users', 'set-product', user.email, 'premium-gps');
    expect(run).toMatchObject({ code: 0, out: `${user.email}: premium -> premium-gps (Premium GPS)\n` });
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
    expect(me.json()).toMatchObject({
      product: { name: 'Premium GPS' },
      product_associated: true,
      is_trial: false,
      trial_ends_at: null,
      activation_code_type: null,
    });
    const free = await productOf(t.database, 'petention', 'free');
    await admin('users', 'set-product', user.email, free.id);
    expect(await membershipRow(t.database, user.id)).toMatchObject({
      productId: free.id,
      productAssociated: false,
    });
    expectBadArguments(await admin('users', 'set-product', user.email), 'missing <product key|id>');
    expectBadArguments(
      await admin('users', 'set-product', user.email, 'gold'),
      /^no product "gold" for petention/,
    );
    expectBadArguments(
      await admin('users', 'set-product', 'nobody@example.test', 'basic'),
      /^no user with e-mail/,
    );
  });
});

describe('the real command line (child process)', () => {
  function node(args: string[], env: Record<string, string>): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['apps/api/src/cli/admin.ts', ...args], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          LOG_LEVEL: 'silent',
          ...COMPILE_CACHE,
          ...env,
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    });
  }

  test('node apps/api/src/cli/admin.ts --help', async () => {
    const run = await node(['--help'], {});
    expect(run.code).toBe(0);
    expect(run.out).toContain('Usage: npm run admin -- <command>');
  });

  test('a command against a PGlite folder under DATA_DIR (migrated and seeded on first use), then the lock', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pet-admin-data-'));
    try {
      const run = await node(['products', 'list', '--brand', 'tier-fritz'], { DATA_DIR: dataDir });
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/basis-24\s+3\s+BASIS 24/);
      expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false);

      // A server holds the folder (openDatabase takes the same lock the server does): the CLI refuses.
      const server = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, 'server');
      try {
        const refused = await node(['users', 'list'], { DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.out).toBe('');
        expect(refused.err).toBe(
          `The database in ${join(dataDir, 'pglite')} is in use by a running server (pid ${process.pid}): stop the server or use DATABASE_URL.\n`,
        );
      } finally {
        await server.close();
      }
      expect((await node(['users', 'list'], { DATA_DIR: dataDir })).out).toBe(
        'no users at offset 0 (0 in all)\n',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
