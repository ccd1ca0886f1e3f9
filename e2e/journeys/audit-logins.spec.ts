import fs from 'node:fs';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { confirmPopover, drawer, openList, openPeople, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = '/tmp/h3';

test("Configurações › Auditoria: a team member's login created and one person removed are audited, by the admin", async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const tag = unique();
  const member = `Membro Auditado ${tag}`;
  const contact = `Contato Removido ${tag}`;
  await login(page);
  await openPeople(page);

  // a team member saved on the web gets an inactive login: USER_CREATE
  await openList(page, 'Equipe');
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const team = drawer(page, 'Novo membro da equipe');
  await team.getByLabel('Nome', { exact: true }).fill(member);
  await team.getByLabel('E-mail', { exact: true }).fill(`membro.${tag}@exemplo.com.br`);
  await team.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  await expect(team).toBeHidden();
  await closeNotices(page);

  // one contact removed: PERSON_DELETE
  await openList(page, 'Pessoas');
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const create = drawer(page, 'Nova Pessoa');
  await create.getByLabel('Nome', { exact: true }).fill(contact);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!').first()).toBeVisible();
  await expect(create).toBeHidden();
  await closeNotices(page);
  const removed = page.waitForResponse(
    (res) => /\/api\/people\/\d+$/.test(res.url()) && res.request().method() === 'DELETE',
  );
  await row(page, contact).getByRole('button', { name: 'Remover' }).click();
  await confirmPopover(page, 'Deseja realmente remover esse cadastro?');
  expect((await removed).status()).toBe(200);
  await expect(notice(page, 'Cadastro removido com sucesso!')).toBeVisible();

  // settings › Auditoria: both rows, by the admin, the person by code only
  await page.goto('/demo/admin');
  await page.getByRole('menuitem', { name: 'Auditoria' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 4 })).toBeVisible();
  const created = row(page, `Acesso criado para ${member}`);
  await expect(created).toContainText('Criação de acesso');
  await expect(created).toContainText('Administrador');
  const deleted = row(page, 'Pessoa excluída: código').first();
  await expect(deleted).toContainText('Exclusão de pessoa');
  await expect(deleted).toContainText('Administrador');
  await expect(page.locator('.ant-table')).not.toContainText(contact);
  await page.screenshot({ path: `${SHOTS}/audit-rows-1280.png`, fullPage: true });

  // the filter lists the new actions (at the end of its scrolling list); filtered by one, only its rows remain
  await page.getByLabel('Ação', { exact: true }).click();
  const actions = page.locator('.ant-select-dropdown:visible');
  // down to the last option, 'Exclusão de pessoa' (the list scrolls with the active option)
  for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowDown');
  for (const label of ['Usuário (des)ativado', 'Criação de acesso', 'Exclusão de pessoa'])
    await expect(actions.getByText(label, { exact: true })).toBeVisible();
  await expectAccessible(page, 'auditoria, lista de ações');
  await page.screenshot({ path: `${SHOTS}/audit-actions-1280.png`, fullPage: true });
  const filtered = page.waitForResponse((res) => /\/api\/audit\?.*action=PERSON_DELETE/.test(res.url()));
  await page.keyboard.press('Enter');
  expect((await filtered).status()).toBe(200);
  await expect(created).toHaveCount(0);
  await expect(row(page, 'Pessoa excluída: código').first()).toBeVisible();
  await expectAccessible(page, 'auditoria filtrada por exclusão de pessoa');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 4 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-actions-390.png`, fullPage: true });
});
