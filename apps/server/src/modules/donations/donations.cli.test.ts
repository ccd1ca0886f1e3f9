import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { unseal } from '../../platform/crypto/sealed-value.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { cliCommand } from '../../test/cli-command.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { PROVIDER_TOKEN_PURPOSE, readDonationKey } from './donation-keys.ts';

describe(`operator CLI: donation-token (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('keeps the tenant provider token sealed under its own key, bound to the tenant; refuses bad input', async () => {
    await cliCommand(db, 'tenant', 'create', '--slug', 'doa', '--name', 'Doa', '--plan', 'premium');
    expect(await cliCommand(db, 'donation-token', 'doa', 'token-da-conta-1')).toEqual({
      ok: true,
      out: 'Token do provedor de doações do tenant doa guardado',
    });
    expect(await cliCommand(db, 'donation-token', 'doa', 'token-da-conta-2')).toMatchObject({ ok: true });
    const tenant = await db.kysely
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', 'doa')
      .executeTakeFirstOrThrow();
    const rows = await withTenant(db, String(tenant.id), (ctx) =>
      ctx.trx.selectFrom('donation_accounts').selectAll().execute(),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.provider_token_sealed).not.toContain('token-da-conta');
    const key = await readDonationKey({ db, config: loadConfig({ NODE_ENV: 'test' }) });
    expect(unseal(key, PROVIDER_TOKEN_PURPOSE, row.provider_token_sealed, String(row.tenant_id))).toBe(
      'token-da-conta-2',
    );
    expect(() => unseal(key, 'dkim-private-key', row.provider_token_sealed, String(row.tenant_id))).toThrow();

    expect(await cliCommand(db, 'donation-token', 'nao-existe', 'token-da-conta-1')).toMatchObject({
      ok: false,
    });
    expect(await cliCommand(db, 'donation-token', 'doa')).toEqual({
      ok: false,
      out: 'Uso: donation-token <slug> <token>',
    });
    expect(await cliCommand(db, 'donation-token', 'doa', 'curto')).toEqual({
      ok: false,
      out: 'Token do provedor de doações inválido',
    });
    expect(await cliCommand(db, 'donation-token', 'doa', 'token com espaço')).toMatchObject({ ok: false });
  });
});
