import { expect, test } from 'vitest';
import { emergencyOpenedMail } from './emergency-opened.ts';

// The owner's "emergency file opened" mail in English (the API test reads the German one from the sink).

test('English: subject with the brand, the file language and the client; the name escaped in HTML', () => {
  const mail = emergencyOpenedMail({
    to: 'owner@example.test',
    name: '<b>Ann</b>',
    language: 'en',
    brand: 'Petention',
    fileLanguage: 'de',
    client: 'Firefox on Android',
    url: 'http://localhost:3000/emergency-data',
  });
  expect(mail.subject).toBe("Petention: your pet's emergency file was opened");
  expect(mail.text).toContain('Hello <b>Ann</b>,');
  expect(mail.text).toContain('German version');
  expect(mail.text).toContain('Opened with: Firefox on Android');
  expect(mail.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
  expect(mail.html).not.toContain('<b>Ann</b>');
  expect(mail.link).toBe('http://localhost:3000/emergency-data');
});

test('without a known client the line is left out', () => {
  const mail = emergencyOpenedMail({
    to: 'owner@example.test',
    name: 'Ann',
    language: 'en',
    brand: 'Petention',
    fileLanguage: 'en',
    client: null,
    url: 'http://localhost:3000/emergency-data',
  });
  expect(mail.text).not.toContain('Opened with');
  expect(mail.text).toContain('English version');
});
