import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND_IDS, brandConfig } from '@pet/shared';
import { expect, test } from 'vitest';

// The README's first steps bring a new user of each brand from `npm start` to a signed-in account (issue 34:
// on the default brand the sign-in page has no register link, and the README said nowhere where to register):
// where to register, a demo code that is seeded, a tracker id where one is required, and where the
// verification mail lands.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const signInTexts = JSON.parse(readFileSync(join(ROOT, 'apps/web/src/locales/en/auth.json'), 'utf8'));

/** The README's "First steps" section. */
function firstSteps(): string {
  const start = readme.indexOf('## First steps');
  expect(start, 'a "First steps" section').toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The table row of a brand: its cells. */
function row(section: string, brand: string): string[] {
  const line = section.split('\n').find((text) => text.startsWith(`| \`${brand}\` |`));
  expect(line, `a row for ${brand}`).toBeDefined();
  return (line ?? '').split('|').map((cell) => cell.trim());
}

test('where the verification mail and its link are without SMTP', () => {
  const section = firstSteps();
  expect(section).toContain('/register');
  expect(section).toContain('data/outbox/');
  expect(section).toContain('mail written to outbox');
});

test.each(BRAND_IDS)('%s: where to register, a seeded demo code, the tracker id it needs', (brand) => {
  const config = brandConfig(brand);
  const seed = JSON.parse(readFileSync(join(ROOT, `apps/api/src/db/seed/codes.${brand}.json`), 'utf8')) as {
    codes: Array<{ code: string }>;
    trackers?: string[];
  };
  const [, , where = '', code = '', also = ''] = row(firstSteps(), brand);
  if (config.signupClosed) {
    expect(where).toMatch(/sign-up is closed/);
  } else {
    expect(where).toContain('`/register`');
    // The sign-in page's link, named as the page names it, or said to be missing where the brand has none.
    if (config.registerLinkOnSignin) expect(where).toContain(signInTexts.signin.register);
    else expect(where).toMatch(/no link/);
  }
  const demo = /`([A-Z0-9]{12})`/.exec(code)?.[1];
  expect(seed.codes.map((entry) => entry.code)).toContain(demo);
  if (config.requiresTracker) {
    const tracker = /`(TF\d+)`/.exec(also)?.[1];
    expect(seed.trackers ?? []).toContain(tracker);
  }
});
