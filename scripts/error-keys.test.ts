import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_TEXT_KEYS, LIMIT_TEXT_KEYS, STATUS_TEXT_KEYS } from '@pet/shared/errors';
import { describe, expect, it } from 'vitest';

// docs/error-keys.md against the code: the catalogue's keys that name a situation are shown where it arises
// (the file the row names uses the key), or listed there as never shown, with the reason.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOC = readFileSync(`${ROOT}docs/error-keys.md`, 'utf8');

/** The keys of one section's table (the first column). */
function keysOf(section: string): Map<string, string> {
  const start = DOC.indexOf(`## ${section}`);
  expect(start, section).toBeGreaterThanOrEqual(0);
  const rest = DOC.slice(start + 3);
  const body = rest.slice(0, rest.includes('\n## ') ? rest.indexOf('\n## ') : undefined);
  const rows = new Map<string, string>();
  for (const [, key, text] of body.matchAll(/^\| `([A-Za-z0-9_]+)` \| (.*) \|$/gm))
    rows.set(key!, text!.trim());
  return rows;
}

/** The keys issue 34 found no code path could show. */
const ISSUE_34_KEYS = [
  'Appointment_Add_Not_Allowed_Text',
  'Invalid_Code',
  'Free_Service_Message',
  'Product_Not_Attached_Try_Again',
  'Account_Exists_On_Other_System',
  'Order_Not_Placed',
  'Document_Upload_Failed',
];

describe('docs/error-keys.md', () => {
  const catalogue = new Set<string>([...STATUS_TEXT_KEYS, ...LIMIT_TEXT_KEYS, ...ACCOUNT_TEXT_KEYS]);
  const shown = keysOf('Shown where the situation arises');
  const never = keysOf('Never shown here');

  it('lists catalogue keys only, each with its place or its reason', () => {
    for (const [key, text] of [...shown, ...never]) {
      expect(catalogue.has(key), key).toBe(true);
      expect(text.length, key).toBeGreaterThan(40);
    }
  });

  it("the file a shown key's row names uses the key", () => {
    for (const [key, text] of shown) {
      const files = [...text.matchAll(/`((?:apps|packages)\/[^`]+\.tsx?)`/g)].map((m) => m[1]!);
      expect(files.length, key).toBeGreaterThan(0);
      for (const file of files) {
        // As a string of its own ('Key') or through the namespace (t('errors:Key')).
        const used = new RegExp(`(['"\`]|errors:)${key}['"\`]`);
        expect(readFileSync(`${ROOT}${file}`, 'utf8'), `${key} in ${file}`).toMatch(used);
      }
    }
  });

  it.each(ISSUE_34_KEYS)(
    '%s is shown where its situation arises, or listed as never shown with why',
    (key) => {
      expect(shown.has(key) || never.has(key)).toBe(true);
    },
  );
});
