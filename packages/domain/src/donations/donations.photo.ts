import { DONATION_LIMITS } from './donations.constants.ts';
import { DONATION_TEXTS } from './donations.texts.ts';

export type DonationPhotoType = (typeof DONATION_LIMITS.photoTypes)[number];

/** The type of a photo by its first bytes (magic numbers), not by its name or declared type. */
export function photoTypeOf(bytes: Uint8Array): DonationPhotoType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return undefined;
}

/** Why a photo is refused (spec 3 §5 photo step), or undefined when it is a jpg/png of at most 1 MB. */
export function photoProblem(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes || bytes.length === 0) return DONATION_TEXTS.photo.noFile;
  if (bytes.length > DONATION_LIMITS.photoMaxBytes) return DONATION_TEXTS.photo.tooBig;
  if (!photoTypeOf(bytes)) return DONATION_TEXTS.photo.types;
  return undefined;
}
