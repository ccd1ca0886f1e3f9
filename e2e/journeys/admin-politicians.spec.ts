import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer as dialogNamed, pickOption, selectIn, unique } from '../people-support.ts';
import { login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-admin';

/** A valid CPF from 9 random digits (the journey may run twice on one database: CPFs are unique). */
function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(base).size === 1) base[0] = (base[0] ?? 0) === 9 ? 1 : (base[0] ?? 0) + 1;
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/** The party select is long (virtual list): type the number to bring PT into view. */
async function pickParty(scope: Locator, page: Page) {
  await scope.getByLabel('Partido', { exact: true }).click();
  await scope.getByLabel('Partido', { exact: true }).fill('(13)');
  await pickOption(page, 'PT (13) — Partido dos Trabalhadores');
}

async function openPoliticians(page: Page) {
  await page.goto('/demo/admin/sistema/politicos');
  await expect(page.getByRole('heading', { name: 'Políticos', level: 4 })).toBeVisible();
}

test.describe('Configurações › Políticos', () => {
  test('create, edit and list politicians (administrative record)', async ({ page }) => {
    test.setTimeout(120_000);
    const u = unique();
    const name = `Político Teste ${u}`;
    const cpf = randomCpf();
    await login(page);
    await page.goto('/demo/admin');
    await page.getByRole('menuitem', { name: 'Políticos' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/sistema\/politicos$/);
    // the demo's politician is listed
    await expect(row(page, 'Helena Duarte Ramos')).toContainText('Deputado Estadual');
    await expectAccessible(page, 'políticos');
    await page.screenshot({ path: `${SHOTS}/politicians-1280.png` });

    await page.getByRole('button', { name: 'Novo político' }).click();
    const create = dialogNamed(page, 'Novo político');
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Salvar' }).click();
    await expect(create.getByText('Campo Obrigatório').first()).toBeVisible();
    // an empty 'Cargo' or 'Partido' is required, not a value out of the list (issue 40)
    await expect(create.getByText('Valor não permitido')).toHaveCount(0);
    await create.getByLabel('CPF', { exact: true }).fill('11111111111');
    await expect(create.getByText('Cpf Inválido')).toBeVisible();
    await create.getByLabel('Título de eleitor', { exact: true }).fill('004356870907');
    await expect(create.getByText('Título de eleitor inválido')).toBeVisible();
    await expectAccessible(page, 'novo político (com erros)');

    await create.getByLabel('Nome completo', { exact: true }).fill(name);
    await create.getByLabel('CPF', { exact: true }).fill(cpf);
    await create.getByLabel('Título de eleitor', { exact: true }).fill('004356870906');
    await expect(create.getByLabel('Título de eleitor', { exact: true })).toHaveValue('0043 5687 0906');
    // the offices in their feminine forms too (issue 40)
    await selectIn(create, page, 'Cargo', 'Vereadora');
    await pickParty(create, page);
    await create.getByLabel('Número de urna', { exact: true }).fill('4512');
    await expect(create.getByText('O número de urna deste cargo tem 5 dígitos')).toBeVisible();
    await create.getByLabel('Número de urna', { exact: true }).fill('13777');
    await create.getByLabel('Celular', { exact: true }).fill('61988776655');
    await page.screenshot({ path: `${SHOTS}/politician-dialog-1280.png` });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/sys-admin/politicians') && r.request().method() === 'POST',
    );
    await create.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(notice(page, 'Político salvo com sucesso')).toBeVisible();
    await expect(create).toBeHidden();
    await expect(row(page, name)).toContainText('Vereadora');
    await expect(row(page, name)).toContainText('13777');

    // the same CPF again is refused on its field
    await page.getByRole('button', { name: 'Novo político' }).click();
    const again = dialogNamed(page, 'Novo político');
    await again.getByLabel('Nome completo', { exact: true }).fill(`Outro ${u}`);
    await again.getByLabel('CPF', { exact: true }).fill(cpf);
    await selectIn(again, page, 'Cargo', 'Prefeito');
    await pickParty(again, page);
    await again.getByRole('button', { name: 'Salvar' }).click();
    await expect(again.getByText('Já existe um político com este CPF')).toBeVisible();
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await expect(again).toBeHidden();

    // edit: ballot name, then inactive
    await row(page, name)
      .getByRole('button', { name: `Editar ${name}` })
      .click();
    const edit = dialogNamed(page, 'Editar político');
    await expect(edit.getByLabel('CPF', { exact: true })).toHaveValue(
      cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
    );
    await edit.getByLabel('Nome de urna', { exact: true }).fill(`Teste ${u}`);
    await edit.getByRole('switch', { name: 'Ativo?' }).click();
    await expectAccessible(page, 'editar político');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, name)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Mostrar inativos' }).click();
    await expect(row(page, name)).toContainText(`Teste ${u}`);
    await expect(row(page, name)).toContainText('Inativo');

    // search by ballot name
    await page.getByRole('searchbox', { name: 'Buscar por nome, nome de urna ou CPF' }).fill(`teste ${u}`);
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
  });

  test('at 390 px the list and the dialog fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await openPoliticians(page);
    await expect(row(page, 'Helena Duarte Ramos')).toBeVisible();
    await expectAccessible(page, 'políticos 390 px');
    await page.screenshot({ path: `${SHOTS}/politicians-390.png`, fullPage: true });
    await row(page, 'Helena Duarte Ramos')
      .getByRole('button', { name: 'Editar Helena Duarte Ramos' })
      .click();
    const edit = dialogNamed(page, 'Editar político');
    await expect(edit.getByLabel('Nome completo', { exact: true })).toHaveValue('Helena Duarte Ramos');
    await expectAccessible(page, 'editar político 390 px');
    await page.screenshot({ path: `${SHOTS}/politician-dialog-390.png` });
  });

  test('a user without ROLE_CONFIG cannot open it', async ({ page }) => {
    await login(page, 'equipe@demo.mandato.app');
    await page.goto('/demo/admin/sistema/politicos');
    await expect(page).toHaveURL(/\/demo\/agenda$/);
  });

  test('the plans page: from "Mudar de plano", the plans with quotas and the current one', async ({
    page,
  }) => {
    await login(page);
    await page.goto('/demo/admin/sistema/assinatura');
    await page.getByRole('link', { name: 'Mudar de plano' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/assinar$/);
    await expect(page.getByRole('heading', { name: 'Planos do Mandato' })).toBeVisible();
    const premium = page.getByRole('group', { name: /Premium/ });
    await expect(premium).toContainText('Plano atual');
    await expect(premium.getByText('Ilimitado')).toHaveCount(2);
    await expect(premium).toContainText('Doações');
    await expect(page.getByRole('group', { name: /Ideal/ })).toContainText('100.000');
    await expect(page.locator('[aria-labelledby^="plan-"]')).toHaveCount(5);
    await expect(page.getByText(/Para mudar de plano, fale com a equipe/)).toBeVisible();
    await expectAccessible(page, 'assinar');
    await page.screenshot({ path: `${SHOTS}/plans-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(premium).toBeVisible();
    await expectAccessible(page, 'assinar 390 px');
    await page.screenshot({ path: `${SHOTS}/plans-390.png`, fullPage: true });
  });
});
