import { DONATION_LIMITS, DONATION_TEXTS, photoProblem } from '@mandato/domain';

/**
 * The photo's rules before it is sent (the server checks them again): a file, at most 1 MB, jpg
 * or png by its declared type and by its bytes (spec 3 §5). The message of the first rule broken, or null.
 */
export async function chosenPhotoProblem(file: File | undefined): Promise<string | null> {
  if (!file) return DONATION_TEXTS.photo.noFile;
  // the size first: a large file is refused without being read
  if (file.size > DONATION_LIMITS.photoMaxBytes) return DONATION_TEXTS.photo.tooBig;
  if (!(DONATION_LIMITS.photoTypes as readonly string[]).includes(file.type))
    return DONATION_TEXTS.photo.types;
  return photoProblem(new Uint8Array(await file.arrayBuffer())) ?? null;
}
