import { describe, expect, test } from 'vitest';
import { MAIL_LOCALES, mailLanguage, mailText } from './i18n.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { escapeHtml } from './templates/escape.ts';
import { magicLinkMail } from './templates/magic-link.ts';
import { medicalReminderMail } from './templates/medical-reminder.ts';
import { passwordResetMail } from './templates/password-reset.ts';
import { verificationMail } from './templates/verification.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('mail texts', () => {
  test('English and German have the same keys, none empty, with the same placeholders', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(en[key].trim(), key).not.toBe('');
      expect(de[key].trim(), key).not.toBe('');
      expect(placeholders(de[key]), key).toEqual(placeholders(en[key]));
    }
  });

  test('unknown languages fall back to English', () => {
    expect(mailLanguage('de')).toBe('de');
    expect(mailLanguage('fr')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailText('de', 'verification.expiry', { hours: 24 })).toBe('Der Link ist 24 Stunden gültig.');
    expect(Object.keys(MAIL_LOCALES)).toEqual(['en', 'de']);
  });

  test('escapeHtml covers markup and attribute quotes', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('mail templates', () => {
  const base = {
    to: 'owner@example.test',
    name: '<script>alert(1)</script>',
    brand: 'Tier-Fritz',
    url: 'http://localhost:3000/api/auth/verify-email?token=a.b.c&callbackURL=x"y',
  };

  const cases = [
    ['verification', (language: 'en' | 'de') => verificationMail({ ...base, language, validHours: 24 })],
    ['password reset', (language: 'en' | 'de') => passwordResetMail({ ...base, language, validMinutes: 60 })],
    ['magic link', (language: 'en' | 'de') => magicLinkMail({ ...base, language, validMinutes: 10 })],
  ] as const;

  test.each(cases)('%s: HTML and text, branded, escaped, in both languages', (_name, build) => {
    const english = build('en');
    const german = build('de');
    for (const mail of [english, german]) {
      expect(mail.to).toBe(base.to);
      expect(mail.link).toBe(base.url);
      expect(mail.subject).toContain('Tier-Fritz');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).toContain(
        'href="http://localhost:3000/api/auth/verify-email?token=a.b.c&amp;callbackURL=x&quot;y"',
      );
      expect(mail.text).toContain(base.url);
      expect(mail.text).toContain('<script>alert(1)</script>');
    }
    expect(english.html).toContain('<html lang="en">');
    expect(german.html).toContain('<html lang="de">');
    expect(german.subject).not.toBe(english.subject);
  });

  test('medical reminder: the pet, product and due date, escaped; no line break reaches the subject; late says so', () => {
    const input = {
      ...base,
      pet: 'Bello\r\nBcc: x@example.test',
      type: 'vaccination' as const,
      product: '<b>Rabies</b>',
      dueDate: '01.03.2030',
      givenDate: null,
      vet: null,
      url: 'http://localhost:3000/pet-details/Bello/p1/medical-data/vaccinations',
      late: null,
    };
    const english = medicalReminderMail({ ...input, language: 'en' });
    expect(english.subject).toBe(
      'Tier-Fritz: reminder – vaccination (<b>Rabies</b>) for Bello Bcc: x@example.test due on 01.03.2030',
    );
    expect(english.html).toContain('Vaccine: &lt;b&gt;Rabies&lt;/b&gt;');
    expect(english.text).toContain('Due on: 01.03.2030');
    expect(english.text).not.toContain('Last given');
    expect(english.link).toBe(input.url);
    const german = medicalReminderMail({
      ...input,
      type: 'deworming',
      language: 'de',
      givenDate: '01.12.2029',
      late: { dueDate: '15.02.2030', dueTime: '09:00' },
    });
    expect(german.subject).toMatch(/^Tier-Fritz: verspätete Erinnerung – Entwurmung \(<b>Rabies<\/b>\)/);
    expect(german.text).toContain('Präparat: <b>Rabies</b>');
    expect(german.text).toContain('Zuletzt gegeben: 01.12.2029');
    expect(german.text).toContain('15.02.2030 um 09:00');
    expect(german.html).toContain('<html lang="de">');
  });
});
