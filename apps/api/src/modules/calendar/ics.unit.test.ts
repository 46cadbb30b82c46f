import { describe, expect, test } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc } from './ics.ts';

describe('iCalendar text', () => {
  test('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  test('folds at 75 octets without splitting a character, continuation lines start with a space', () => {
    const line = `DESCRIPTION:${'ä'.repeat(100)}x${'🐶'.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      // No replacement characters: every character is whole.
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  test('UTC date-times', () => {
    expect(formatUtc(new Date('2030-01-15T08:30:05.123Z'))).toBe('20300115T083005Z');
  });

  test('a calendar with one event and an alarm, CRLF throughout', () => {
    const text = buildCalendar({
      prodId: '-//Test//Pet portal//EN',
      method: 'PUBLISH',
      events: [
        {
          uid: 'abc@example.test',
          start: new Date('2030-01-15T08:30:00Z'),
          durationMinutes: 60,
          summary: 'Vaccination: Bello',
          location: 'Dr. Vet, Berlin',
          description: 'Reason: booster',
          stamp: new Date('2030-01-01T00:00:00Z'),
          created: new Date('2030-01-01T00:00:00Z'),
          alarm: { at: new Date('2030-01-14T17:00:00Z'), description: 'Reminder' },
        },
      ],
    });
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//Pet portal//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:abc@example.test',
        'DTSTAMP:20300101T000000Z',
        'CREATED:20300101T000000Z',
        'LAST-MODIFIED:20300101T000000Z',
        'DTSTART:20300115T083000Z',
        'DTEND:20300115T093000Z',
        'SUMMARY:Vaccination: Bello',
        'LOCATION:Dr. Vet\\, Berlin',
        'DESCRIPTION:Reason: booster',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Reminder',
        'TRIGGER;VALUE=DATE-TIME:20300114T170000Z',
        'END:VALARM',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });
});
