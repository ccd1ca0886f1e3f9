import fs from 'node:fs';
import path from 'node:path';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-mkt';

interface DomainAnswer {
  code: number;
  name: string;
  configs: { type: string; host: string; value: string }[];
}

/**
 * Publishes TXT records on the DNS server run-e2e.mjs starts (DNS_SERVERS of the journey server):
 * it reads dns-records.json from the data directory on every question.
 */
function publish(records: Record<string, string[]>) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR não definido: rode as jornadas por e2e/run-e2e.mjs');
  const file = path.join(dir, 'dns-records.json');
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify({ ...current, ...records }));
}

test.describe('Configurações › Marketing › Domínios', () => {
  test('create a domain, see its DNS records, publish them and see it verified', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `envio-${unique()}.exemplo.com.br`;
    await login(page);
    await page.goto('/demo/admin');
    await page.getByRole('menuitem', { name: 'Domínios' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/mkt\/dominios$/);
    await expect(page.getByRole('heading', { name: 'Domínios', level: 4 })).toBeVisible();
    await expectAccessible(page, 'domínios');

    await page.getByRole('button', { name: 'Novo Domínio' }).click();
    const dialog = modal(page, 'Novo Domínio');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Campo Obrigatório')).toBeVisible();
    await dialog.getByLabel('Domínio').fill('*.exemplo.com');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Informe um domínio válido, como exemplo.com.br')).toBeVisible();
    await expectAccessible(page, 'novo domínio');
    await dialog.getByLabel('Domínio').fill(name);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/domains') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const domain = (await answer.json()).data as DomainAnswer;
    await expect(notice(page, 'Domínio criado com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();
    await closeNotices(page);

    // its panel: the three records to publish, not yet verified
    const header = page.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) });
    await header.click();
    const panel = page.locator('.ant-collapse-item').filter({ hasText: name });
    await expect(panel.getByText(`mandato._domainkey.${name}`)).toBeVisible();
    await expect(panel.getByText(`_dmarc.${name}`)).toBeVisible();
    await expect(panel.getByRole('listitem').getByText('Não verificado', { exact: true })).toHaveCount(3);
    await expect(panel.getByText('v=DKIM1; k=rsa; p=')).toBeVisible();

    // nothing published yet: 'Atualizar' finds the domain invalid and names the records
    const refresh = panel.getByRole('button', { name: `Atualizar ${name}` });
    const firstCheck = page.waitForResponse((r) =>
      r.url().endsWith(`/api/mkt/domains/${domain.code}/validate`),
    );
    await refresh.click();
    expect((await firstCheck).status()).toBe(200);
    await expect(panel.getByText('Registro DKIM ausente ou com chave diferente').first()).toBeVisible();
    await closeNotices(page);

    // publish the records as the screen shows them, then check again
    publish(Object.fromEntries(domain.configs.map((c) => [c.host, [c.value]])));
    const secondCheck = page.waitForResponse((r) =>
      r.url().endsWith(`/api/mkt/domains/${domain.code}/validate`),
    );
    await refresh.click();
    expect((await secondCheck).status()).toBe(200);
    await expect(notice(page, 'Domínio verificado')).toBeVisible();
    await expect(header.getByText('Verificado')).toBeVisible();
    await expect(panel.getByRole('listitem').getByText('Verificado', { exact: true })).toHaveCount(3);
    await closeNotices(page);
    await expectAccessible(page, 'domínio verificado');
    await page.screenshot({ path: `${SHOTS}/domains-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel.getByText(`_dmarc.${name}`)).toBeVisible();
    await expectAccessible(page, 'domínios (celular)');
    await page.screenshot({ path: `${SHOTS}/domains-390.png`, fullPage: true });
  });
});
