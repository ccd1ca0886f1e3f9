import fs from 'node:fs';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { row, selectIn } from '../people-support.ts';
import { login, notice } from '../support.ts';

const SHOTS = '/tmp/p2';

test('Configurações › Auditoria: a people export is audited, filtered by action, and the audit export audits itself', async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await login(page);

  // export the people list (every contact the admin sees)
  // (the list's first load can be slow on a busy machine: waited for, not timed)
  await page.goto('/demo/pessoas');
  await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('list-footer')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  const confirm = page.getByRole('dialog', { name: /Deseja realmente exportar/ });
  const exported = page.waitForResponse(
    (res) => res.url().endsWith('/api/people/search/export') && res.request().method() === 'POST',
  );
  const peopleFile = page.waitForEvent('download');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  expect((await exported).status()).toBe(200);
  expect((await peopleFile).suggestedFilename()).toBe('exportacao.csv');
  await expect(notice(page, 'Exportação concluída')).toBeVisible();

  // settings › Auditoria: the export, by the admin, newest first
  await page.goto('/demo/admin');
  await page.getByRole('menuitem', { name: 'Auditoria' }).click();
  await expect(page).toHaveURL(/\/demo\/admin\/privacidade\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 4 })).toBeVisible();
  const peopleExport = row(page, 'Exportação: Pessoas').first();
  await expect(peopleExport).toContainText('Exportação');
  await expect(peopleExport).toContainText('Administrador');
  await expect(row(page, 'Novo dispositivo').first()).toBeVisible();
  await expectAccessible(page, 'auditoria');
  await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });

  // filter by action: only exports remain
  const filtered = page.waitForResponse((res) => /\/api\/audit\?.*action=EXPORT/.test(res.url()));
  await selectIn(page, page, 'Ação', 'Exportação');
  expect((await filtered).status()).toBe(200);
  await expect(row(page, 'Novo dispositivo')).toHaveCount(0);
  await expect(row(page, 'Exportação: Pessoas').first()).toBeVisible();

  // 'Exportar CSV': the filtered log, then the audit export is itself in the log
  const auditFile = page.waitForEvent('download');
  const reloaded = page.waitForResponse(
    (res) => /\/api\/audit\?.*action=EXPORT/.test(res.url()) && res.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await auditFile;
  expect(download.suggestedFilename()).toBe('auditoria.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFData;Usuário;E-mail do usuário;Ação;Assunto;Detalhes');
  expect(csv).toContain('Exportação: Pessoas');
  expect(csv).not.toContain('Novo dispositivo');
  expect((await reloaded).status()).toBe(200);
  await expect(page.locator('.ant-table-row').first()).toContainText('Exportação: Auditoria');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 4 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
});
