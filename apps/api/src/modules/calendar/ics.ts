// iCalendar (RFC 5545) text for appointments: one VEVENT each, times in UTC (no VTIMEZONE needed; calendar
// apps show them in the reader's zone), an alarm at the reminder's instant. Text values are escaped
// (backslash, semicolon, comma, line breaks) and every line is folded at 75 octets without splitting a
// UTF-8 character; lines end with CRLF.

export interface IcsEvent {
  uid: string;
  start: Date;
  /** Minutes; the spec's appointments have no end, an hour is what calendars show sensibly. */
  durationMinutes: number;
  summary: string;
  location: string | null;
  description: string | null;
  /** When the event last changed (DTSTAMP and LAST-MODIFIED). */
  stamp: Date;
  created: Date;
  alarm: { at: Date; description: string } | null;
}

export interface IcsCalendar {
  /** "-//Brand//Pet portal//EN" */
  prodId: string;
  /** X-WR-CALNAME, shown by calendar apps for a subscribed feed. */
  name?: string;
  /** METHOD:PUBLISH for a single downloaded event; none for a subscription feed. */
  method?: 'PUBLISH';
  events: IcsEvent[];
}

/** TEXT value escaping (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Content lines of at most 75 octets; continuation lines start with one space (RFC 5545, 3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // The leading space of a continuation line counts towards its 75 octets.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20300115T083000Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function eventLines(event: IcsEvent): string[] {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `CREATED:${formatUtc(event.created)}`,
    `LAST-MODIFIED:${formatUtc(event.stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.alarm) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.alarm.description)}`,
      `TRIGGER;VALUE=DATE-TIME:${formatUtc(event.alarm.at)}`,
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

export function buildCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    ...(calendar.name
      ? [
          `X-WR-CALNAME:${escapeText(calendar.name)}`,
          // Subscribed calendars poll; once an hour is plenty for appointments.
          'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
          'X-PUBLISHED-TTL:PT1H',
        ]
      : []),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
