import { describe, expect, test } from 'vitest';
import { recentSince, vetsFirst } from './emergency-data.ts';
import { ageText } from './emergency-entries.ts';
import { EMERGENCY_LOCALES, emergencyTexts } from './emergency-texts.ts';
import { notfallUrl } from './notfall-url.ts';

// The pure parts of the emergency file: its texts, the QR codes' addresses, ages, the two-year window and
// the contacts' order.

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

test('English and German have the same keys, none empty, with the same placeholders', () => {
  const { en, de } = EMERGENCY_LOCALES;
  expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  for (const key of Object.keys(en) as Array<keyof typeof en>) {
    expect(en[key].trim(), key).not.toBe('');
    expect(de[key].trim(), key).not.toBe('');
    expect(placeholders(de[key]), key).toEqual(placeholders(en[key]));
  }
  expect(emergencyTexts('de')('file.page', { page: 2, pages: 3 })).toBe('Seite 2 von 3');
  expect(emergencyTexts('en')('file.page', { page: 2, pages: 3 })).toBe('Page 2 of 3');
});

describe('notfallUrl: where the QR codes lead', () => {
  test('the file: the public /notfall page of the portal', () => {
    expect(notfallUrl('https://portal.example')).toBe('https://portal.example/notfall');
  });

  test('the tag: the page with the password filled in, encoded as a query value', () => {
    expect(notfallUrl('https://portal.example', 'K7XQ92MFTP')).toBe(
      'https://portal.example/notfall?code=K7XQ92MFTP',
    );
    const odd = notfallUrl('https://portal.example', 'a b&c=d#e');
    expect(new URL(odd).searchParams.get('code')).toBe('a b&c=d#e');
    expect(new URL(odd).pathname).toBe('/notfall');
  });
});

describe('ageText', () => {
  const en = emergencyTexts('en');
  const de = emergencyTexts('de');

  test('whole years and months up to the day the file is made', () => {
    expect(ageText(en, '2019-04-03', '2026-11-24')).toBe('7 years, 7 months');
    expect(ageText(de, '2019-04-03', '2026-11-24')).toBe('7 Jahre, 7 Monate');
    expect(ageText(en, '2025-11-24', '2026-11-24')).toBe('1 year');
    expect(ageText(en, '2025-11-25', '2026-11-24')).toBe('11 months');
    expect(ageText(de, '2026-10-24', '2026-11-24')).toBe('1 Monat');
    expect(ageText(en, '2026-11-20', '2026-11-24')).toBe('less than a month');
  });

  test('no age for a birthday after that day', () => {
    expect(ageText(en, '2026-11-25', '2026-11-24')).toBeNull();
  });
});

describe('recentSince: the first day of "the last two years"', () => {
  test('two calendar years back on the owner’s calendar', () => {
    // 23:30 UTC on the 24th is already the 25th in Berlin.
    const now = new Date('2026-11-24T23:30:00Z');
    expect(recentSince(now, 'UTC')).toEqual({ day: '2024-11-24', instant: new Date('2024-11-24T00:00:00Z') });
    expect(recentSince(now, 'Europe/Berlin').day).toBe('2024-11-25');
  });

  test('29 February counts back to the 28th', () => {
    expect(recentSince(new Date('2028-02-29T12:00:00Z'), 'UTC').day).toBe('2026-02-28');
  });
});

test('vetsFirst: vets lead, everyone else keeps the order they came in', () => {
  const sorted = [
    { name: 'Holder', contactType: 'Holder' },
    { name: 'Vet B', contactType: 'Vet' },
    { name: 'Breeder', contactType: 'Breeder' },
    { name: 'Vet C', contactType: 'Vet' },
    { name: 'Farrier', contactType: 'Hufschmied' },
  ];
  expect(vetsFirst(sorted).map((c) => c.name)).toEqual(['Vet B', 'Vet C', 'Holder', 'Breeder', 'Farrier']);
});
