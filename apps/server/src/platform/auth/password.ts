import { createHash, randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// DESIGN.md §6: argon2id with m >= 19 MiB, t >= 2
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** What the web client sends for a typed password: lowercase hex SHA-256. */
export function clientHash(plain: string): string {
  return createHash('sha256').update(plain, 'utf8').digest('hex');
}

/** Stores the client hash, never the value itself. */
export function hashPassword(clientHashed: string): Promise<string> {
  return hash(clientHashed, OPTIONS);
}

export async function verifyPassword(stored: string | null, clientHashed: string): Promise<boolean> {
  if (!stored) {
    await hash(clientHashed, OPTIONS); // same cost whether or not the user exists
    return false;
  }
  try {
    return await verify(stored, clientHashed);
  } catch {
    return false;
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A password to e-mail: 12 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(length = 12): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
