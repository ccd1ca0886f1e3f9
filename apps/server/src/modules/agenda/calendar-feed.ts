import { addDays, TIME_ZONE } from '@mandato/domain';

/**
 * iCalendar (RFC 5545) text of a schedule's subscription feed, as Google Calendar, Outlook and
 * Apple Calendar read it: CRLF line ends, lines folded at 75 octets, TEXT values escaped. A timed
 * event is written in UTC (DTSTART:…Z), the instant the server computed with the zone's whole
 * history: no VTIMEZONE is published, so none can misstate it (the one-rule '-03:00 since 1970'
 * zone put events of Brazil's daylight-saving years, until 2019, an hour off; issue 39 item 13).
 * All-day events are dates; X-WR-TIMEZONE names the calendar's zone for the clients that show it.
 */
export interface FeedEvent {
  id: string;
  title: string;
  entireDay: boolean;
  beginAt: Date;
  endAt: Date;
  /** all-day: first and last day (inclusive) */
  beginDate: string | null;
  endDate: string | null;
  location: string | null;
  description: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedCalendar {
  name: string;
  /** host of the public URL: the right-hand side of the UIDs */
  host: string;
  tenantId: string;
  events: FeedEvent[];
}

/** Control characters other than tab are not allowed in TEXT values: dropped. */
function withoutControls(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09 || (code >= 0x20 && code !== 0x7f)) out += char;
  }
  return out;
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  );
}

/** Folds one content line at 75 octets (continuations start with a space), never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** UTC form: 20250310T170000Z. */
export function utcStamp(instant: Date): string {
  return `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** DTSTART/DTEND of a timed event: the instant in UTC. */
function timeProperty(name: 'DTSTART' | 'DTEND', instant: Date): string {
  return `${name}:${utcStamp(instant)}`;
}

const dateValue = (isoDate: string) => isoDate.replace(/-/g, '');

export function eventUid(tenantId: string, eventId: string, host: string): string {
  return `event-${tenantId}-${eventId}@${host}`;
}

export function renderCalendar(calendar: FeedCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Mandato//Agenda 1.0//PT-BR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    // how often clients should refresh (Outlook and Apple honour these)
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${eventUid(calendar.tenantId, event.id, calendar.host)}`,
      `DTSTAMP:${utcStamp(event.updatedAt)}`,
      `CREATED:${utcStamp(event.createdAt)}`,
      `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
      `SEQUENCE:${event.revision}`,
    );
    if (event.entireDay && event.beginDate && event.endDate) {
      lines.push(
        `DTSTART;VALUE=DATE:${dateValue(event.beginDate)}`,
        // DTEND of an all-day event is exclusive: the day after the last one
        `DTEND;VALUE=DATE:${dateValue(addDays(event.endDate, 1))}`,
        'TRANSP:TRANSPARENT',
      );
    } else {
      lines.push(timeProperty('DTSTART', event.beginAt), timeProperty('DTEND', event.endAt), 'TRANSP:OPAQUE');
    }
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('STATUS:CONFIRMED', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
