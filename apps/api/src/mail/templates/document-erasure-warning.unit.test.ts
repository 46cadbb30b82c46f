import { expect, test } from 'vitest';
import { documentErasureWarningMail } from './document-erasure-warning.ts';

// The document erasure warning in German, formal (the API test reads the English one from the sink); the
// owner's texts are escaped in the HTML part and cannot break the subject.

const input = {
  to: 'owner@example.test',
  name: 'Mia',
  language: 'de' as const,
  brand: 'Petention',
  endedOn: '01.03.2026',
  erasureOn: '29.03.2026',
  keep: 5,
  documents: [
    { pet: 'Bello', type: 'Bills' as const, description: '<i>Tierarzt</i>', uploadedOn: '12.01.2026' },
    { pet: 'Mimi', type: 'X-rays' as const, description: 'Hüfte', uploadedOn: '14.01.2026' },
  ],
  pets: [
    { name: 'Bello', url: 'http://localhost:3000/pet-details/Bello/p1/document-safe' },
    { name: 'Mimi', url: 'http://localhost:3000/pet-details/Mimi/p2/document-safe' },
  ],
  url: 'http://localhost:3000/my-account/subscription',
};

test('German: the count and the date in the subject, each document, each pet’s page, "Sie"', () => {
  const mail = documentErasureWarningMail(input);
  expect(mail.subject).toBe('Petention: 2 Dokumente werden am 29.03.2026 gelöscht');
  expect(mail.text).toContain('Ihr bezahlter Tarif ist am 01.03.2026 abgelaufen.');
  expect(mail.text).toContain('am 29.03.2026 gelöscht:');
  expect(mail.text).toContain('Bello – Rechnung – <i>Tierarzt</i> (hochgeladen am 12.01.2026)');
  expect(mail.text).toContain('Mimi – Röntgenbild – Hüfte (hochgeladen am 14.01.2026)');
  expect(mail.text).toContain(
    'Dokumente von Bello: http://localhost:3000/pet-details/Bello/p1/document-safe',
  );
  expect(mail.text).toContain('Tarif upgraden: http://localhost:3000/my-account/subscription');
  expect(mail.html).toContain('&lt;i&gt;Tierarzt&lt;/i&gt;');
  expect(mail.html).not.toContain('<i>Tierarzt</i>');
});

test('no line break in a value reaches the subject', () => {
  const mail = documentErasureWarningMail({ ...input, erasureOn: '29.03.2026\r\nBcc: x@example.test' });
  expect(mail.subject).not.toMatch(/[\r\n]/);
});
