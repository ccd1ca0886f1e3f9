import { onlyDigits } from '../crm/validators.ts';

/**
 * Who a shot can reach (issue 26): the address rules of the freeze, of the list counts and of the
 * send. The patterns are written so that JavaScript and PostgreSQL (advanced regular expressions)
 * read them the same way: the server's SQL uses these very strings (recipients.lookup), and a test
 * on both engines keeps the two in agreement.
 */

/** Longest e-mail address (RFC 5321 path limit). */
export const SHOT_EMAIL_MAX_LENGTH = 254;

/** Not part of an address: '@', controls, space and DEL (ASCII, so both engines agree). */
const NOT_IN_PART = String.raw`@\x01-\x20\x7f`;

/** One '@', a local part, a domain of non-empty labels with at least one dot; no spaces. */
export const SHOT_EMAIL_PATTERN = String.raw`^[^${NOT_IN_PART}]+@[^${NOT_IN_PART}.]+(\.[^${NOT_IN_PART}.]+)+$`;

/** The area codes (DDD) in use in Brazil (ANATEL). */
export const BRAZIL_AREA_CODES = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
] as const;

/**
 * A Brazilian mobile as digits (mask removed): an optional country code 55, a valid DDD, then nine
 * digits starting with 9. The length fixes whether the 55 is there, so DDD 55 is read right.
 */
export const SHOT_MOBILE_DIGITS_PATTERN = `^(55)?(${BRAZIL_AREA_CODES.join('|')})9[0-9]{8}$`;

const EMAIL = new RegExp(SHOT_EMAIL_PATTERN);
const MOBILE = new RegExp(SHOT_MOBILE_DIGITS_PATTERN);

/** A deliverable-looking e-mail address, as stored (no trimming: a stored space makes it invalid). */
export function isShotEmail(email: string): boolean {
  return email.length <= SHOT_EMAIL_MAX_LENGTH && EMAIL.test(email);
}

/** A person's cellphone (masked or not) as the SMS address `55` + DDD + number, if it is a valid mobile. */
export function shotMobile(phone: string | null): string | undefined {
  if (!phone) return undefined;
  const digits = onlyDigits(phone);
  return MOBILE.test(digits) ? `55${digits.slice(-11)}` : undefined;
}

/**
 * The address a shot sends to and an opt-out is kept under (`mkt_opt_outs.address`): the e-mail in
 * lower case, the mobile as `shotMobile` gives it. Undefined when the value cannot receive the channel.
 */
export function shotAddress(channel: 'EMAIL' | 'SMS', value: string | null): string | undefined {
  if (channel === 'SMS') return shotMobile(value);
  return value !== null && isShotEmail(value) ? value.toLowerCase() : undefined;
}
