/** AES-GCM encryption of the persisted session (spec 1 §3 "Persisted encrypted"). */
const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function isCryptoAvailable(): boolean {
  return typeof globalThis.crypto !== 'undefined' && typeof globalThis.crypto.subtle !== 'undefined';
}

/** A fresh non-extractable AES-GCM 256 key. */
export function generateSessionKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** Encrypts a JSON value; the result is 'v1.<iv base64>.<cipher base64>'. */
export async function encryptJson(key: CryptoKey, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** Decrypts what encryptJson produced; throws on a wrong key or tampered text. */
export async function decryptJson<T>(key: CryptoKey, payload: string): Promise<T> {
  const [version, ivText, cipherText] = payload.split('.');
  if (version !== 'v1' || !ivText || !cipherText) throw new Error('Formato de sessão desconhecido');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(ivText) },
    key,
    fromBase64(cipherText),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
