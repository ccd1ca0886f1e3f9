import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal, pickOption, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-mkt';

interface DomainAnswer {
  code: number;
  configs: { host: string; value: string }[];
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR não definido: rode as jornadas por e2e/run-e2e.mjs');
  return dir;
}

/** Publishes TXT records on the DNS server of run-e2e.mjs (see marketing-domains.spec.ts). */
function publish(records: Record<string, string[]>) {
  const file = path.join(dataDir(), 'dns-records.json');
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify({ ...current, ...records }));
}

/**
 * The activation links e-mailed to `address`, oldest first: run-e2e.mjs points the server at an
 * SMTP sink that writes each message as mail/<n>.eml (quoted-printable lines joined back here).
 */
function activationLinks(address: string): string[] {
  const dir = path.join(dataDir(), 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => new RegExp(`^To: .*${address.replace(/\./g, '\\.')}`, 'mi').test(raw))
    .map((raw) => /\/sender-email-confirm\/\d+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/.exec(raw)?.[0] ?? '')
    .filter(Boolean);
}

/** A sender domain verified through the test DNS server, made on the Domínios screen. */
async function verifiedDomain(page: Page, name: string) {
  await page.goto('/demo/admin/mkt/dominios');
  await page.getByRole('button', { name: 'Novo Domínio' }).click();
  const dialog = modal(page, 'Novo Domínio');
  await dialog.getByLabel('Domínio').fill(name);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/mkt/domains') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const domain = (await (await created).json()).data as DomainAnswer;
  await expect(dialog).toBeHidden();
  publish(Object.fromEntries(domain.configs.map((c) => [c.host, [c.value]])));
  await page.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) }).click();
  await page.getByRole('button', { name: `Atualizar ${name}` }).click();
  await expect(notice(page, 'Domínio verificado')).toBeVisible();
  await closeNotices(page);
}

test.describe('Configurações › Marketing › Remetentes', () => {
  test('create a sender, activate it through the e-mailed link, deactivate and activate it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const domain = `remetente-${unique()}.exemplo.com.br`;
    const email = `contato@${domain}`;
    const who = `Gabinete Remetente (${email})`;
    await login(page);
    await verifiedDomain(page, domain);

    await page.goto('/demo/admin');
    await page.getByRole('menuitem', { name: 'Remetentes' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/mkt\/remetentes$/);
    await expect(page.getByRole('heading', { name: 'Remetentes', level: 4 })).toBeVisible();
    await expectAccessible(page, 'remetentes');

    // 'Conta de envio': the three fields are required (spec 3 §5)
    await page.getByRole('button', { name: 'Novo Remetente' }).click();
    const dialog = modal(page, 'Conta de envio');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Campo Obrigatório')).toHaveCount(3);
    await expectAccessible(page, 'conta de envio');
    await dialog.getByLabel('Nome').fill('Gabinete Remetente');
    await dialog.getByLabel('E-mail').fill('con tato');
    await dialog.getByLabel('Domínio').click();
    await pickOption(page, domain);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText(/Use apenas letras, números/)).toBeVisible();
    await dialog.getByLabel('E-mail').fill('Contato');
    await expect(dialog.getByText(`@${domain}`)).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/senders') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(notice(page, 'Remetente salvo com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();
    await closeNotices(page);

    const line = row(page, email);
    await expect(line.getByText('Aguardando validação')).toBeVisible();
    await line.getByRole('button', { name: `Reenviar ${who}` }).click();
    await expect(notice(page, 'Foi enviado um e-mail para ativar este remetente')).toBeVisible();
    await closeNotices(page);
    await page.screenshot({ path: `${SHOTS}/senders-1280.png`, fullPage: true });

    // two e-mails (saved, then 'Reenviar'): only the newest link works. The two jobs run side by
    // side, so the order the messages reach the sink is not the order of their links: visit both
    // and expect one success and one refusal (a used or replaced token is refused alike).
    await expect.poll(() => activationLinks(email).length, { timeout: 20_000 }).toBe(2);
    const refused = page.getByText('Não foi possível validar seu e-mail.');
    const thanked = page.getByText('Obrigado');
    const outcomes: string[] = [];
    let link = '';
    for (const candidate of activationLinks(email)) {
      await page.goto(candidate);
      await expect(refused.or(thanked)).toBeVisible();
      if (await refused.isVisible()) {
        outcomes.push('refused');
        continue;
      }
      outcomes.push('confirmed');
      link = candidate;
      await expect(
        page.getByText('Seu e-mail foi validado com sucesso. Você já pode realizar disparos.'),
      ).toBeVisible();
      await expectAccessible(page, 'remetente validado');
      await page.screenshot({ path: `${SHOTS}/sender-confirm-1280.png`, fullPage: true });
    }
    expect(outcomes.sort()).toEqual(['confirmed', 'refused']);

    // the table: ACTIVE, then 'Desativar' → INACTIVE, 'Ativar' → ACTIVE
    await page.goto('/demo/admin/mkt/remetentes');
    await expect(line.getByText('Ativo', { exact: true })).toBeVisible();
    await line.getByRole('button', { name: `Desativar ${who}` }).click();
    await expect(line.getByText('Inativo', { exact: true })).toBeVisible();
    await closeNotices(page);
    await line.getByRole('button', { name: `Ativar ${who}` }).click();
    await expect(line.getByText('Ativo', { exact: true })).toBeVisible();
    await closeNotices(page);
    await expectAccessible(page, 'remetente ativo');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(line.getByText(email)).toBeVisible();
    await expectAccessible(page, 'remetentes (celular)');
    await page.screenshot({ path: `${SHOTS}/senders-390.png`, fullPage: true });

    // the same link again: used, the error page
    await page.goto(link);
    await expect(page.getByText('Ops')).toBeVisible();
    await expect(page.getByText('Não foi possível validar seu e-mail.')).toBeVisible();
    await expectAccessible(page, 'remetente não validado');
    await page.screenshot({ path: `${SHOTS}/sender-confirm-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/(login|demo)/);
  });
});
