import { formatZoned } from '@mandato/domain';

/** An instant of the API as São Paulo 'dd/mm/aaaa HH:mm' ('' when not set or unreadable). */
export function shotDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const s = formatZoned(instant); // AAAA-MM-DDTHH:mm:ss-03:00
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`;
}
