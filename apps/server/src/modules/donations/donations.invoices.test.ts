import { DONATION_LIMITS, DONATION_SANDBOX_TEXTS, DONATION_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import type { DonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { type Caller, call } from '../../test/crm-factories.ts';
import { confirmedAccount, donationsApp, donationTenant } from '../../test/donations-kit.ts';
import type { BuiltTenant, TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const CAMPAIGNS = '/api/donations/campaigns';

/**
 * A donor on the campaign's public page (the sandbox's, over HTTP); answers the invoice page's
 * address, or the status of the refused form and its text.
 */
async function donate(url: string, donor: { nome: string; cpf: string; valor: string }) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'doador@exemplo.com.br', celular: '(11) 98765-4321', ...donor }),
  });
  const location = res.headers.get('location');
  return {
    status: res.status,
    invoice: location ? new URL(location, url).toString() : undefined,
    text: await res.text(),
  };
}

const pay = (invoice: string | undefined) =>
  fetch(`${invoice}/pagar`, { method: 'POST', redirect: 'manual' });

describe(`donations of a campaign (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let ana: Caller;
  let tenant: BuiltTenant;
  let token: string;
  let url: string;
  beforeAll(async () => {
    ({ t, sandbox } = await donationsApp());
    ({ user: ana, tenant } = await donationTenant(t, 'token-das-doacoes'));
    await confirmedAccount(t, sandbox, ana);
    const created = await call(t, ana, 'POST', CAMPAIGNS, {
      title: 'Reeleição',
      minCents: 500,
      maxCents: 106_400,
    });
    ({ token, url } = created.body.data);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('totals paid donations only, in cents, and pages and sorts them here', async () => {
    const maria = await donate(url, { nome: 'Maria Souza', cpf: '529.982.247-25', valor: '100,10' });
    expect(maria.status).toBe(303);
    const joao = await donate(url, { nome: 'João Lima', cpf: '390.533.447-05', valor: '19,99' });
    await donate(url, { nome: 'Ana Reis', cpf: '111.444.777-35', valor: '1.000,00' });
    expect((await pay(maria.invoice)).status).toBe(303);
    expect((await pay(joao.invoice)).status).toBe(303);

    const page = await call(
      t,
      ana,
      'GET',
      `${CAMPAIGNS}/${token}/donations?itemsPerPage=10&orderBy=valueCents&ascending=true`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    // 100,10 + 19,99 = 120,09 exactly; the pending 1.000,00 does not count
    expect(page.body.data).toMatchObject({ total: 3, paidTotalCents: 12_009, paidCount: 2 });
    expect(page.body.data.items).toEqual([
      expect.objectContaining({ donorName: 'João Lima', valueCents: 1_999, status: 'PAID' }),
      expect.objectContaining({ donorName: 'Maria Souza', valueCents: 10_010, status: 'PAID' }),
      expect.objectContaining({
        donorName: 'Ana Reis',
        valueCents: 100_000,
        status: 'PENDING',
        cpfMasked: '***.444.777-**',
        phoneMasked: '(**) *****-4321',
      }),
    ]);
    const byName = await call(
      t,
      ana,
      'GET',
      `${CAMPAIGNS}/${token}/donations?orderBy=donorName&ascending=false`,
    );
    expect(byName.body.data.items.map((i: { donorName: string }) => i.donorName)).toEqual([
      'Maria Souza',
      'João Lima',
      'Ana Reis',
    ]);
    const second = await call(t, ana, 'GET', `${CAMPAIGNS}/${token}/donations?page=2&itemsPerPage=10`);
    expect(second.body.data).toMatchObject({ items: [], total: 3, paidTotalCents: 12_009 });
    for (const bad of ['itemsPerPage=7', 'orderBy=cpf', 'page=0', 'ascending=talvez', 'hack=1'])
      expect((await call(t, ana, 'GET', `${CAMPAIGNS}/${token}/donations?${bad}`)).status, bad).toBe(400);
  });

  it('holds a donor to R$ 1.064,00 a day, summed across their donations', async () => {
    const cpf = '935.411.347-80';
    expect((await donate(url, { nome: 'Carla', cpf, valor: '1.000,00' })).status).toBe(303);
    expect((await donate(url, { nome: 'Carla', cpf, valor: '64,00' })).status).toBe(303);
    const over = await donate(url, { nome: 'Carla', cpf, valor: '5,00' });
    expect(over.status).toBe(400);
    expect(over.text).toContain(DONATION_SANDBOX_TEXTS.donorErrors.dailyLimit('').split(';')[0]);
    const list = await call(t, ana, 'GET', `${CAMPAIGNS}/${token}/donations?itemsPerPage=50`);
    const carlas = list.body.data.items.filter(
      (i: { cpfMasked: string }) => i.cpfMasked === '***.411.347-**',
    );
    expect(carlas.map((i: { valueCents: number }) => i.valueCents).sort()).toEqual([100_000, 6_400]);
  });

  it('exports the donations as CSV with masked documents, neutralised formulas, in the export log', async () => {
    const formula = await donate(url, {
      nome: '=HYPERLINK("http://x")',
      cpf: '286.155.167-40',
      valor: '10,00',
    });
    expect(formula.status).toBe(303);
    const res = await t.api.inject({
      method: 'GET',
      url: `${CAMPAIGNS}/${token}/donations/export`,
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const c = DONATION_TEXTS.columns;
    expect(res.body).toContain([c.date, c.donorName, c.cpf, c.email, c.phone, c.value, c.status].join(';'));
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain('R$ 1.000,00');
    expect(res.body).not.toContain('52998224725');
    const logs = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('export_logs')
        .select(['kind', 'total_rows'])
        .where('kind', '=', 'donation')
        .execute(),
    );
    expect(logs).toEqual([{ kind: 'donation', total_rows: 6 }]);
    expect((await call(t, ana, 'GET', `${CAMPAIGNS}/nao-existe/donations/export`)).status).toBe(404);
  });

  it('lists and exports up to 10,000 donations of a campaign; past them a 409 that says so, nothing exported', async () => {
    const big = await call(t, ana, 'POST', CAMPAIGNS, {
      title: 'Muitas doações',
      minCents: 500,
      maxCents: 10_000,
    });
    const bigToken = big.body.data.token as string;
    expect(sandbox.addPaidInvoices(bigToken, DONATION_LIMITS.invoicesPerCampaign)).toBe(true);
    const full = await call(t, ana, 'GET', `${CAMPAIGNS}/${bigToken}/donations?itemsPerPage=10`);
    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(200);
    expect(full.body.data).toMatchObject({ total: 10_000, paidCount: 10_000, paidTotalCents: 10_000_000 });

    expect(sandbox.addPaidInvoices(bigToken, 1)).toBe(true);
    const exportsBefore = await exportCount();
    for (const path of ['donations?itemsPerPage=10', 'donations/export']) {
      const over = await call(t, ana, 'GET', `${CAMPAIGNS}/${bigToken}/${path}`);
      expect(over.status, path).toBe(409);
      expect(over.body.message, path).toBe(DONATION_TEXTS.messages.tooManyDonations);
    }
    expect(await exportCount()).toBe(exportsBefore);
  });

  const exportCount = () =>
    withTenant(
      t.db,
      tenant.id,
      async (ctx) => (await ctx.trx.selectFrom('export_logs').select('id').execute()).length,
    );
});
