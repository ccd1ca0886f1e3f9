import { createHmac } from 'node:crypto';

export type SuppressionKind = 'EMAIL' | 'PHONE';

export interface SuppressionHash {
  kind: SuppressionKind;
  hash: string;
}

/** E-mail: trimmed, lower case. Phone: its digits, without Brazil's 55 when a country code is there. */
export function normaliseForSuppression(kind: SuppressionKind, value: string): string | undefined {
  if (kind === 'EMAIL') {
    const email = value.trim().toLowerCase();
    return email.includes('@') ? email : undefined;
  }
  let digits = value.replace(/\D/g, '');
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits.length >= 8 ? digits : undefined;
}

/** HMAC-SHA-256 of the normalised value under the suppression key; undefined for a value that is not one. */
export function suppressionHash(
  key: Buffer,
  kind: SuppressionKind,
  value: string,
): SuppressionHash | undefined {
  const normal = normaliseForSuppression(kind, value);
  if (normal === undefined) return undefined;
  return { kind, hash: createHmac('sha256', key).update(`${kind}:${normal}`, 'utf8').digest('hex') };
}

/** The hashes of a person's or a row's addresses, each once. */
export function suppressionHashes(
  key: Buffer,
  values: {
    emails?: readonly (string | null | undefined)[];
    phones?: readonly (string | null | undefined)[];
  },
): SuppressionHash[] {
  const found = new Map<string, SuppressionHash>();
  const add = (kind: SuppressionKind, value: string | null | undefined) => {
    const h = value ? suppressionHash(key, kind, value) : undefined;
    if (h) found.set(`${h.kind}:${h.hash}`, h);
  };
  for (const email of values.emails ?? []) add('EMAIL', email);
  for (const phone of values.phones ?? []) add('PHONE', phone);
  return [...found.values()];
}
