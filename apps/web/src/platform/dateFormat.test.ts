import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayMonthTime,
  SCREEN_TIME_ZONE,
  screenToday,
} from './dateFormat.ts';

const browserZone = process.env.TZ;
/** The browser's zone, as a user's machine would have it (Node reads TZ at each change). */
function inBrowserZone(zone: string) {
  process.env.TZ = zone;
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
}
afterEach(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

describe('dates on screen (issue 39 item 12)', () => {
  it("is the tenant's zone: America/Sao_Paulo, the domain's default (a tenant has none of its own)", () => {
    expect(SCREEN_TIME_ZONE).toBe('America/Sao_Paulo');
  });

  for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Lisbon', 'America/Sao_Paulo'])
    it(`reads Brasília time whatever the browser's zone (${zone})`, () => {
      inBrowserZone(zone);
      // the seed: 11:16 UTC is 08:16 in Brasília
      expect(formatDateTime('2026-12-04T11:16:00.000Z')).toBe('04/12/2026 08:16');
      expect(formatDateTimeSeconds('2026-12-04T11:16:07.000Z')).toBe('04/12/2026 08:16:07');
      expect(formatDayMonthTime(new Date('2026-12-04T11:16:00Z'))).toBe('04/12 08:16');
      // the day changes in Brasília, not in the browser: 01:30 UTC is the evening before
      expect(formatDate('2026-12-05T01:30:00Z')).toBe('04/12/2026');
      // Brazilian daylight-saving time (until 2019): 12:00 UTC on 2018-01-15 was 10:00 (UTC−2)
      expect(formatDateTime('2018-01-15T12:00:00Z')).toBe('15/01/2018 10:00');
      // an offset as the server writes it
      expect(formatDateTime('2025-03-10T14:30:00-03:00')).toBe('10/03/2025 14:30');
      // a calendar day is that day, not an instant at UTC midnight (which is the day before in Brasília)
      expect(formatDate('2025-05-01')).toBe('01/05/2025');
      // today is Brasília's: 01:30 UTC on the 5th is still the 4th
      expect(screenToday(new Date('2026-12-05T01:30:00Z'))).toBe('2026-12-04');
    });

  it("is the browser's own reading no more: in a UTC browser the old dayjs format gave 11:16", () => {
    inBrowserZone('UTC');
    expect(new Date('2026-12-04T11:16:00.000Z').getHours()).toBe(11);
    expect(formatDateTime('2026-12-04T11:16:00.000Z')).toBe('04/12/2026 08:16');
  });

  it('is empty for a value that is not set or cannot be read', () => {
    for (const value of [null, undefined, '', 'amanhã', '2025-02-30T10:00:00Z'])
      expect(formatDateTime(value), String(value)).toBe('');
  });

  it('is the only place in apps/web/src that formats a date for the screen', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts'))
          files.push(path);
      }
    };
    walk(root);
    const forbidden: [string, RegExp][] = [
      ['toLocaleDateString', /\.toLocaleDateString\(/],
      ['toLocaleTimeString', /\.toLocaleTimeString\(/],
      ['Date(…).toLocaleString', /Date\([^)]*\)\.toLocaleString\(/],
      ['Intl.DateTimeFormat', /Intl\.DateTimeFormat\b/],
      ["dayjs(…).format('DD/…')", /\.format\(\s*['"`]DD\//],
      ['formatZoned / zonedParts for the screen', /\b(formatZoned|zonedParts)\(/],
    ];
    const allowed = new Set(['platform/dateFormat.ts', 'platform/ui/wallClock.ts']);
    const found: string[] = [];
    for (const file of files) {
      const name = relative(root, file);
      if (allowed.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of forbidden) if (pattern.test(text)) found.push(`${name}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
