import type { Dayjs } from 'dayjs';

/** Date format of every outgoing date value (spec 1 §5 "Outgoing parameters"). */
export const OUTGOING_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A dayjs value, told by the mark dayjs puts on each of its objects (what `dayjs.isDayjs` reads): the
 * api client is in the login route's first bundle, which does not load dayjs.
 */
function isDayjs(value: object): value is Dayjs {
  return (value as { $isDayjsObject?: unknown }).$isDayjsObject === true;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date in local time as OUTGOING_DATE_FORMAT. */
function formatDate(date: Date): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Prepares outgoing parameters: strings trimmed, Date/dayjs values formatted as
 * 'YYYY-MM-DD HH:mm:ss', nested objects and arrays processed recursively.
 * `undefined` entries of objects are dropped (they would not survive JSON anyway).
 */
export function serializeParams(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDate(value);
  if (typeof value === 'object' && isDayjs(value))
    return value.isValid() ? value.format(OUTGOING_DATE_FORMAT) : null;
  if (Array.isArray(value)) return value.map((item) => serializeParams(item) ?? null);
  if (isPlainObject(value)) {
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      const serialized = serializeParams(item);
      if (serialized !== undefined) out[key] = serialized;
    }
    return out;
  }
  return String(value);
}

/** Builds the query string of a GET request; arrays repeat the key, objects are sent as JSON. */
export function toQueryString(params: unknown): string {
  const serialized = serializeParams(params);
  if (!serialized || typeof serialized !== 'object' || Array.isArray(serialized)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(serialized)) {
    if (value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== null) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
