import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { recordAudit } from './audit.service.ts';

const REQUESTS = '/api/privacy/requests';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;

/**
 * Issue 40: the audit log names what a request's or a merge's row is about — the request's kind and
 * titular, the merge's people — by initials to a reader who may see them, by code to one who may not,
 * and never by the raw request or merge id.
 */
describe(`audit subjects of requests and merges (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  /** ROLE_CONFIG reads the log; without ROLE_CRM_ALL_DATA it sees only the contacts it created */
  let limited: Caller;

  const subjects = async (who: Caller, action: string) => {
    const res = await call(t, who, 'GET', `/api/audit?action=${action}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.items as { subject: string }[]).map((i) => i.subject);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    limited = await signedIn(t, tenant, ['ROLE_CONFIG', 'ROLE_CRM'], 'Estagiária');
  });
  afterAll(() => t.close());

  it('a request: its kind and its titular by initials; by code to a reader who may not see the titular', async () => {
    const ana = await buildPerson(t, admin, { name: 'Ana Almeida' });
    const res = await call(t, admin, 'POST', REQUESTS, {
      personCode: String(ana.code),
      kind: 'ACCESS',
      channel: 'EMAIL',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await subjects(admin, 'PRIVACY_REQUEST')).toEqual(['Acesso aos dados · titular A. A.']);
    expect(await subjects(limited, 'PRIVACY_REQUEST')).toEqual([
      `Acesso aos dados · titular código ${ana.code}`,
    ]);
    // the export says the same
    const csv = await t.api.inject({ method: 'GET', url: '/api/audit/export', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Acesso aos dados · titular A. A.');
    expect(csv.body).not.toContain('Ana Almeida');
  });

  it('an erased titular keeps the initials the request froze', async () => {
    const bruno = await buildPerson(t, admin, { name: 'Bruno Costa' });
    const created = await call(t, admin, 'POST', REQUESTS, {
      personCode: String(bruno.code),
      kind: 'DELETION',
      channel: 'LETTER',
    });
    const fulfilled = await call(t, admin, 'POST', `${REQUESTS}/${created.body.data.code}/fulfil`);
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    expect(await subjects(admin, 'PRIVACY_FULFIL')).toEqual(['Eliminação · titular B. C.']);
    expect((await subjects(admin, 'PRIVACY_REQUEST'))[0]).toBe('Eliminação · titular B. C.');
  });

  it('a merge and its undo: the merged people and the one that stayed', async () => {
    const kept = await buildPerson(t, admin, { name: 'Carla Dias', cellphone: '71982827939' });
    const twin = await buildPerson(t, admin, { name: 'Carla de Souza Dias', cellphone: '71982827939' });
    const merged = await call(t, admin, 'POST', '/api/people/merge', {
      survivorCode: String(kept.code),
      mergedCodes: [String(twin.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // the merged person lives on in the merge's kept rows
    expect(await subjects(admin, 'MERGE')).toEqual(['Cadastro de C. D. mesclado ao de C. D.']);
    expect(await subjects(limited, 'MERGE')).toEqual([
      `Cadastro de código ${twin.code} mesclado ao de código ${kept.code}`,
    ]);
    const undone = await call(t, admin, 'POST', `/api/people/merge/${merged.body.data.mergeCode}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await subjects(admin, 'MERGE_UNDO')).toEqual(['Cadastro de C. D. mesclado ao de C. D.']);
  });

  it('a contact the limited reader created is named to them too', async () => {
    const own = await buildPerson(t, limited, { name: 'Eva Farias' });
    await call(t, limited, 'POST', REQUESTS, {
      personCode: String(own.code),
      kind: 'CORRECTION',
      channel: 'PHONE',
    });
    expect((await subjects(limited, 'PRIVACY_REQUEST'))[0]).toBe('Correção · titular E. F.');
  });

  it('a row written before issue 40 (request id in the subject only) is named the same; no raw id is shown', async () => {
    const gil = await buildPerson(t, admin, { name: 'Gil Horta' });
    const created = await call(t, admin, 'POST', REQUESTS, {
      personCode: String(gil.code),
      kind: 'PORTABILITY',
      channel: 'OTHER',
    });
    const code = created.body.data.code as string;
    await withTenant(t.db, tenant.id, (ctx) =>
      recordAudit(ctx, {
        action: 'PRIVACY_FULFIL',
        subject: `Solicitação ${code}`,
        detail: { kind: 'PORTABILITY', personCode: String(gil.code) },
      }),
    );
    expect((await subjects(admin, 'PRIVACY_FULFIL'))[0]).toBe('Portabilidade · titular G. H.');
    for (const action of ['PRIVACY_REQUEST', 'PRIVACY_FULFIL', 'MERGE', 'MERGE_UNDO'])
      for (const subject of await subjects(admin, action)) {
        expect(subject).not.toMatch(UUID);
        expect(subject).not.toMatch(/^Mesclagem \d/);
      }
  });
});
