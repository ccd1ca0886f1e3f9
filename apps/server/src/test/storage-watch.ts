import type { FileStorage } from '../platform/storage/storage.ts';
import type { Caller } from './crm-factories.ts';
import type { TestApp } from './test-app.ts';

/** A call the app made to its file storage, with how many database transactions were open then. */
export interface StorageCall {
  method: 'put' | 'putStream' | 'delete';
  key: string;
  openTransactions: number;
}

/**
 * Watches the app's storage: counts the transactions open in the app (each request's, the
 * throttle's…) and records every put, putStream and delete with that count. `before` runs ahead of
 * each call, to change things while a file is being stored. `restore` puts both back.
 */
export function watchStorage(t: TestApp, before?: (call: StorageCall) => Promise<void>) {
  const kysely = t.db.kysely;
  const transaction = kysely.transaction;
  let open = 0;
  kysely.transaction = () => {
    const builder = transaction.call(kysely);
    const execute = builder.execute.bind(builder);
    builder.execute = (work) =>
      execute(async (trx) => {
        open++;
        try {
          return await work(trx);
        } finally {
          open--;
        }
      });
    return builder;
  };
  const files = t.app.files;
  const original: Pick<FileStorage, StorageCall['method']> = {
    put: files.put,
    putStream: files.putStream,
    delete: files.delete,
  };
  const calls: StorageCall[] = [];
  const watched = async (method: StorageCall['method'], key: string) => {
    const call = { method, key, openTransactions: open };
    calls.push(call);
    await before?.(call);
  };
  Object.assign(files, {
    put: async (...args: Parameters<FileStorage['put']>) => {
      await watched('put', args[0]);
      return original.put(...args);
    },
    putStream: async (...args: Parameters<FileStorage['putStream']>) => {
      await watched('putStream', args[0]);
      return original.putStream(...args);
    },
    delete: async (...args: Parameters<FileStorage['delete']>) => {
      await watched('delete', args[0]);
      return original.delete(...args);
    },
  });
  return {
    calls,
    restore() {
      Object.assign(files, original);
      kysely.transaction = transaction;
    },
  };
}

/**
 * Runs `upload` while `who`'s session ends as the new file is being stored (when no transaction is
 * open: with one open, logging out would wait for it). Answers the upload's answer, the storage
 * calls and whether the logout was answered 200.
 */
export async function uploadWhileLoggingOut<A>(t: TestApp, who: Caller, upload: () => Promise<A>) {
  let loggedOut = false;
  const storage = watchStorage(t, async (c) => {
    if (c.method !== 'put' || c.openTransactions !== 0) return;
    const res = await t.api.inject({ method: 'POST', url: '/api/auth/logout', headers: who.headers });
    loggedOut = res.statusCode === 200;
  });
  try {
    const answer = await upload();
    return { answer, calls: storage.calls, loggedOut };
  } finally {
    storage.restore();
  }
}
