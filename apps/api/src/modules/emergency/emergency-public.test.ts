import { performance } from 'node:perf_hooks';
import { brandConfig } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { publicDownload, redeem } from '../../../test/support/emergency.ts';
import { capturedLog } from '../../../test/support/log-capture.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { addPet, call, onPlan } from '../../../test/support/pets.ts';
import { issueCodes } from '../../../test/support/plans.ts';
import type { ReceivedMail } from '../../../test/support/smtp-sink.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../../test/support/test-app.ts';
import { emergencyDownloads } from '../../db/schema/emergency.ts';
import { revokeBatch } from '../plans/codes.repo.ts';
import { recordPublicDownload } from './emergency.service.ts';

// The finder's side (issue 12): GET /v1/emergency/public by the owner's emergency password, without a
// session. The file in the asked language; any password that opens nothing answers one 404; an owner whose
// plan lacks the file 403; 10 tries per address and 10 minutes; each download logged (language and coarse
// client, never the address) and mailed to the owner at most once an hour.

/** The app's clock, moved forward past the mail interval. */
let skewMs = 0;
const t = useTestApp({ clock: () => new Date(Date.now() + skewMs) });

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const INVALID = { code: 'NOT_FOUND', message: 'Emergency_Password_Invalid_Text' };

/** An owner with a pet, whose password is a redeemed activation code. */
let owner: TestUser;
let ownerCode: string;
let revokedCode: string;
beforeAll(async () => {
  owner = await t.user({ language: 'de', name: 'Erika Muster' });
  await addPet(t, owner, { name: 'Bello' });
  const { codes } = await issueCodes(t.database, { product: 'premium', count: 1 });
  ownerCode = codes[0]!;
  await redeem(t, owner, ownerCode);
  // Someone else's redeemed code whose batch the operator then revokes.
  const other = await t.user();
  const revoked = await issueCodes(t.database, { product: 'basic', count: 1 });
  revokedCode = revoked.codes[0]!;
  await redeem(t, other, revokedCode);
  await revokeBatch(t.database.db, revoked.batch.id, new Date());
});

describe('a password that opens the file', () => {
  test('a redeemed code, typed in lower case with spaces: the PDF in either language, German by default', async () => {
    for (const [language, fileName] of [
      [undefined, 'Notfallakte.pdf'],
      ['de', 'Notfallakte.pdf'],
      ['en', 'Emergency_File.pdf'],
    ] as const) {
      const answer = await publicDownload(t, {
        activation_code: `  ${ownerCode.toLowerCase()} `,
        ...(language ? { language } : {}),
      });
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(await pdfText(answer.rawPayload)).toContain('Bello');
    }
  });

  test('a personal password opens the file until it is replaced; the new one then does', async () => {
    const user = await t.user({ plan: 'basic' });
    await addPet(t, user, { name: 'Kater Karlo' });
    const first = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    const opened = await publicDownload(t, { activation_code: first, language: 'en' });
    expect(opened.statusCode).toBe(200);
    expect(await pdfText(opened.rawPayload)).toContain('Kater Karlo');

    const second = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    const old = await publicDownload(t, { activation_code: first, language: 'en' });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(INVALID);
    expect((await publicDownload(t, { activation_code: second, language: 'en' })).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  test('unknown, revoked, and never-redeemed codes all answer 404 Emergency_Password_Invalid_Text', async () => {
    const { codes } = await issueCodes(t.database, { count: 1 });
    for (const code of ['NOSUCHCODE42', revokedCode, codes[0]!]) {
      const answer = await publicDownload(t, { activation_code: code, language: 'en' });
      expect(answer.statusCode, code).toBe(404);
      expect(answer.json(), code).toEqual(INVALID);
    }
  });

  test('an empty password: 400 Emergency_Password_Required_Text', async () => {
    for (const activation_code of ['', '   ']) {
      const answer = await publicDownload(t, { activation_code, language: 'de' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { activation_code: 'Emergency_Password_Required_Text' },
      });
    }
    expect((await publicDownload(t, {})).statusCode).toBe(400);
  });

  test('an owner whose plan lacks the file: 403 Emergency_Not_Supported_Text, nothing logged', async () => {
    const user = await t.user({ plan: 'basic' });
    const password = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    await onPlan(t, user.id, 'free');
    const answer = await publicDownload(t, { activation_code: password, language: 'de' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'FORBIDDEN', message: 'Emergency_Not_Supported_Text' });
    expect(await downloadsOf(user.id)).toEqual([]);
  });

  test('an unknown and a revoked code answer alike in the same time (one look-up for both)', async () => {
    const unknown = 'QQQQQQQQQQQQ';
    const times: Record<string, number[]> = { unknown: [], revoked: [] };
    for (let i = 0; i < 20; i++) {
      for (const [kind, code] of [
        ['unknown', unknown],
        ['revoked', revokedCode],
      ] as const) {
        const started = performance.now();
        const answer = await publicDownload(t, { activation_code: code, language: 'en' });
        times[kind]!.push(performance.now() - started);
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toBe(JSON.stringify(INVALID));
      }
    }
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
    const [a, b] = [median(times.unknown!), median(times.revoked!)];
    console.info(`public emergency 404: median unknown ${a.toFixed(2)} ms, revoked ${b.toFixed(2)} ms`);
    // Generous: a shared two-core machine; a second query or a PDF for one kind would show far beyond this.
    expect(Math.abs(a - b)).toBeLessThan(Math.max(8, 0.5 * Math.min(a, b)));
  });

  test('at most 10 tries per address and 10 minutes: the 11th answers 429 Too_Many_Requests_Text', async () => {
    const ip = '10.250.0.1';
    for (let i = 0; i < 10; i++) {
      const answer = await publicDownload(t, { activation_code: `WRONG${i}`, language: 'de' }, { ip });
      expect(answer.statusCode).toBe(404);
    }
    const limited = await publicDownload(t, { activation_code: ownerCode, language: 'de' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
    // Another address is not held up.
    expect((await publicDownload(t, { activation_code: ownerCode, language: 'de' })).statusCode).toBe(200);
  });
});

async function downloadsOf(userId: string) {
  return t.database.db
    .select()
    .from(emergencyDownloads)
    .where(eq(emergencyDownloads.userId, userId))
    .orderBy(emergencyDownloads.at);
}

describe('the owner is told', () => {
  test('each download is logged (language, coarse client, no address) and listed on the page', async () => {
    const user = await t.user({ plan: 'basic' });
    await addPet(t, user, { name: 'Fiffi' });
    const password = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    await publicDownload(
      t,
      { activation_code: password, language: 'en' },
      {
        ip: '192.0.2.77',
        userAgent: FIREFOX_ANDROID,
      },
    );
    await publicDownload(t, { activation_code: password, language: 'de' }, { ip: '192.0.2.78' });
    const rows = await downloadsOf(user.id);
    expect(rows.map((row) => [row.language, row.client])).toEqual([
      ['en', 'Firefox · Android'],
      ['de', null],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2\.7|Gecko|Mozilla/);
    // A HEAD (a link checker's) downloads nothing and logs nothing.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/v1/emergency/public?activation_code=${password}&language=en`,
      remoteAddress: '192.0.2.79',
    });
    expect(head.statusCode).toBe(404);
    expect(await downloadsOf(user.id)).toHaveLength(2);

    const page = (await call(t, user, 'GET', '/v1/emergency/info')).json<{ downloads: unknown[] }>();
    expect(page.downloads).toEqual([
      { at: rows[1]!.at.toISOString(), language: 'de', client: null },
      { at: rows[0]!.at.toISOString(), language: 'en', client: 'Firefox · Android' },
    ]);
  });

  test('of many downloads at once, exactly one is marked for the mail', async () => {
    const deps = {
      db: t.database.db,
      brand: brandConfig(t.env.BRAND),
      clock: () => new Date(),
      publicUrl: TEST_PUBLIC_URL,
      storage: t.app.ctx.storage,
    };
    // Twice: the first round also opens the pool's connections, so the second one's transactions overlap.
    for (let round = 0; round < 2; round++) {
      const user = await t.user({ plan: 'basic' });
      const marked = await Promise.all(
        Array.from({ length: 6 }, () => recordPublicDownload(deps, user.id, 'de', null)),
      );
      expect(marked.filter(Boolean)).toHaveLength(1);
      expect((await downloadsOf(user.id)).filter((row) => row.mailedAt !== null)).toHaveLength(1);
    }
  });

  test('a mail in the owner’s language at the first download, then at most one an hour', async () => {
    const user = await t.user({ plan: 'basic', language: 'de', name: 'Erika Muster' });
    await addPet(t, user, { name: 'Wuffi' });
    const password = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    const toUser = (mail: ReceivedMail) => mail.envelope.to.includes(user.email);
    const download = () =>
      publicDownload(t, { activation_code: password, language: 'en' }, { userAgent: SAFARI_IPHONE });

    expect((await download()).statusCode).toBe(200);
    const first = await t.sink.waitFor(toUser);
    expect(first.subject).toBe('Petention: Die Notfallakte Ihres Tieres wurde geöffnet');
    expect(first.text).toContain('Hallo Erika Muster');
    expect(first.text).toContain('englische Fassung');
    expect(first.text).toContain('Safari · iOS');
    expect(first.text).toContain('http://localhost:3000/emergency-data');

    // Within the hour: logged, not mailed.
    skewMs += 30 * 60_000;
    expect((await download()).statusCode).toBe(200);
    // An hour after the mail: downloads at once send one mail.
    skewMs += 31 * 60_000;
    const together = await Promise.all([download(), download(), download(), download()]);
    expect(together.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    await t.sink.waitFor((mail) => toUser(mail) && mail !== first);
    // Let any mail the other downloads might (wrongly) have queued arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.sink.messages.filter(toUser)).toHaveLength(2);
    const rows = await downloadsOf(user.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.mailedAt !== null)).toHaveLength(2);
  });
});

describe('a mail that cannot be sent', () => {
  const log = capturedLog();
  // Nothing listens on port 9 (discard) of the loopback: every mail fails at once.
  const broken = useTestApp({
    env: { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'error' },
    logStream: log.stream,
  });

  test('does not fail the download, and its log line names no one', async () => {
    const user = await broken.user({ plan: 'basic', name: 'Heinz Geheim' });
    await addPet(broken, user, { name: 'Schnuffel' });
    const password = (await call(broken, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    const answer = await publicDownload(broken, { activation_code: password, language: 'de' });
    expect(answer.statusCode).toBe(200);
    expect(await pdfText(answer.rawPayload)).toContain('Schnuffel');
    await expect.poll(() => log.text(), { timeout: 5000 }).toContain('emergency opened mail');
    const text = log.text();
    for (const secret of [user.email, 'Heinz Geheim', password, 'Schnuffel']) {
      expect(text).not.toContain(secret);
    }
  });
});
