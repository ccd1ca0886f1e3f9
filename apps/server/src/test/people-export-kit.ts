import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateBehavior } from '@mandato/domain';
import { expect, vi } from 'vitest';
import { withTenant } from '../platform/db/tenancy.ts';
import { type Caller, call } from './crm-factories.ts';
import type { TestApp } from './test-app.ts';
import { postImport } from './xlsx-fixture.ts';

/** The people export tests' shared calls and readings (CSV, XLSX and the export → import round trip). */

const EXPORT_URL = '/api/people/search/export';

/** POST /api/people/search/export as `who` (the raw answer: a stream of CSV or XLSX). */
export const exportPeople = (t: TestApp, who: Caller, payload: unknown = {}) =>
  t.api.inject({ method: 'POST', url: EXPORT_URL, headers: who.headers, payload: payload as object });

/** The body of GET /api/people/exports (the export history) as `who`. */
export const exportHistory = async (t: TestApp, who: Caller, query = '') =>
  (await call(t, who, 'GET', `/api/people/exports${query}`)).body;

/** Every person row of the tenant as stored (the audit column of an update aside), the queue idle. */
export async function peopleSnapshot(t: TestApp, tenantId: string) {
  await t.worker.drain();
  return withTenant(t.db, tenantId, async (ctx) => {
    const people = await ctx.trx
      .selectFrom('people')
      .selectAll()
      .where('tenant_id', '=', ctx.tenantId)
      .orderBy('id')
      .execute();
    return people.map(({ updated_at: _updated, ...rest }) => rest);
  });
}

/** Imports a sheet as `who`, runs the import job and expects it CONCLUDED; answers its totals. */
export async function importAndConclude(
  t: TestApp,
  who: Caller,
  file: Buffer,
  updateBehavior: UpdateBehavior,
  fileName?: string,
) {
  const res = await postImport(t, who.headers, file, { updateBehavior }, fileName);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.worker.drain();
  const log = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/status`);
  expect(log.body.data.status, JSON.stringify(log.body.data)).toBe('CONCLUDED');
  return log.body.data as {
    totalSuccess: number;
    totalSkip: number;
    totalError: number;
    totalRecords: number;
  };
}

/**
 * Starts an export over a real socket as `who` and hangs up at its first byte (a client that went
 * away). It waits for that byte however long a loaded machine takes (the test's time-out bounds
 * it); an answer other than 200, or a connection that ends before any byte, fails at once.
 */
export async function abandonExport(t: TestApp, who: Caller, body: string) {
  await t.api.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.api.server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    let firstByte = false;
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: EXPORT_URL,
        headers: { ...who.headers, 'content-type': 'application/json' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`a exportação respondeu ${res.statusCode}`));
          req.destroy();
          return;
        }
        res.once('data', () => {
          firstByte = true;
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', (error) => {
      if (!firstByte) reject(error);
    });
    req.on('close', () => {
      if (!firstByte) reject(new Error('a conexão terminou antes do primeiro byte'));
    });
    req.end(body);
  });
}

/**
 * The newest history entry of `who` once the server has finished it (no longer STARTED). The
 * server writes DONE or INTERRUPTED only when its next write finds the client gone, which on a
 * loaded machine takes seconds: polled until it is written, up to `deadlineMs` (keep it below the
 * test's own time-out), so the caller checks which of the two it is.
 */
export async function lastExportOnceFinished(t: TestApp, who: Caller, deadlineMs = 90_000) {
  return vi.waitFor(
    async () => {
      const entry: { status: string; rows: number } | undefined = (await exportHistory(t, who)).data.list[0];
      if (!entry || entry.status === 'STARTED')
        throw new Error(`a exportação ainda não terminou: ${JSON.stringify(entry)}`);
      return entry;
    },
    { timeout: deadlineMs, interval: 50 },
  );
}
