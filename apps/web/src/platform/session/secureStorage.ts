import { decryptJson, encryptJson } from './crypto.ts';
import type { KeyStore } from './keyStore.ts';

export const SESSION_STORAGE_KEY = 'mandato.session';

/** Reads and writes one value in localStorage, encrypted with the key store's key. */
export interface SecureStorage<T> {
  /** false when no key is available: the value lives in memory only. */
  isPersistent(): Promise<boolean>;
  load(): Promise<T | null>;
  save(value: T): Promise<void>;
  clear(): void;
}

export function createSecureStorage<T>(
  keyStore: KeyStore,
  storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
  storageKey = SESSION_STORAGE_KEY,
): SecureStorage<T> {
  return {
    async isPersistent() {
      return storage !== null && (await keyStore.getKey()) !== null;
    },
    async load() {
      const key = await keyStore.getKey();
      const payload = storage?.getItem(storageKey);
      if (!key || !payload) return null;
      try {
        return await decryptJson<T>(key, payload);
      } catch {
        storage?.removeItem(storageKey);
        return null;
      }
    },
    async save(value) {
      const key = await keyStore.getKey();
      if (!key || !storage) return;
      storage.setItem(storageKey, await encryptJson(key, value));
    },
    clear() {
      storage?.removeItem(storageKey);
    },
  };
}
