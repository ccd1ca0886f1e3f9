import { generateSessionKey, isCryptoAvailable } from './crypto.ts';

/** Where the session encryption key lives. Injectable so tests can pass a key. */
export interface KeyStore {
  /** The key, created on first use; null when encryption is unavailable. */
  getKey(): Promise<CryptoKey | null>;
}

const DB_NAME = 'mandato-keys';
const STORE = 'keys';
const KEY_ID = 'session';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function idbGet(db: IDBDatabase): Promise<CryptoKey | undefined> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID);
    request.onsuccess = () => resolve(request.result as CryptoKey | undefined);
    request.onerror = () => reject(request.error);
  });
}

function idbPut(db: IDBDatabase, key: CryptoKey): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(key, KEY_ID);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** A non-extractable CryptoKey generated once and kept in IndexedDB. */
export function createIndexedDbKeyStore(): KeyStore {
  let pending: Promise<CryptoKey | null> | null = null;
  return {
    getKey() {
      if (!pending) {
        pending = (async () => {
          if (!isCryptoAvailable() || typeof indexedDB === 'undefined') return null;
          try {
            const db = await openDb();
            try {
              const existing = await idbGet(db);
              if (existing) return existing;
              const key = await generateSessionKey();
              await idbPut(db, key);
              return key;
            } finally {
              db.close();
            }
          } catch {
            return null;
          }
        })();
      }
      return pending;
    },
  };
}

/** A fixed key (tests) or none (in-memory only). */
export function createStaticKeyStore(key: CryptoKey | null): KeyStore {
  return { getKey: () => Promise.resolve(key) };
}
