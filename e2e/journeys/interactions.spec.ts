import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { dayFromToday } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { confirmPopover, drawer, openPeople, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

const editor = (page: Page) => page.getByRole('dialog', { name: 'Interação' });
const item = (page: Page, text: string) => page.getByTestId('interaction-item').filter({ hasText: text });
const group = (page: Page, status: string) => page.locator(`.interactions-group[data-status="${status}"]`);

test.describe('interactions: the person drawer timeline', () => {
  test('log an interaction, conclude it, see an overdue one, conclude-and-new and delete', async ({
    page,
    request,
  }) => {
    const name = `AAA Interação ${unique()}`;
    const { token } = await apiLogin(request, DEMO.admin);
    const created = await request.post('/api/people', {
      headers: { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug },
      data: { name },
    });
    expect(created.status()).toBe(200);

    await login(page);
    await openPeople(page);
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const person = drawer(page, 'Editar pessoa');
    await person.getByRole('tab', { name: 'Interações' }).click();
    await expect(person.getByText('Nenhuma atividade encontrada')).toBeVisible();

    // defaults: WhatsApp, the current user, today, now, end = start + 5 min
    await person.getByRole('button', { name: 'Nova atividade' }).click();
    let form = editor(page);
    await expect(form).toBeVisible();
    await expectAccessible(page, 'nova interação');
    await expect(
      form.locator('#interaction-source').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
    ).toContainText('WhatsApp');
    const responsible = form
      .locator('#interaction-responsible')
      .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
    await expect(responsible).not.toHaveText('');
    const [y, m, d] = dayFromToday(0).split('-');
    await expect(form.getByLabel('Dia', { exact: true })).toHaveValue(`${d}/${m}/${y}`);
    const begin = await form.getByLabel('Início', { exact: true }).inputValue();
    const [bh, bm] = begin.split(':').map(Number);
    const endMinutes = Math.min((bh ?? 0) * 60 + (bm ?? 0) + 5, 23 * 60 + 59);
    const expectedEnd = `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
    await expect(form.getByLabel('Término', { exact: true })).toHaveValue(expectedEnd);
    await expect(form.getByText('Atividade foi realizada?')).toBeVisible();

    // description required
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Campo Obrigatório')).toBeVisible();
    // a start in the future (tomorrow: 'today 23:50' is past near midnight) keeps it 'Aguardando';
    // the end follows the start
    const [ty, tm, td] = dayFromToday(1).split('-');
    await form.getByLabel('Dia', { exact: true }).click();
    await form.getByLabel('Dia', { exact: true }).fill(`${td}/${tm}/${ty}`);
    await form.getByLabel('Dia', { exact: true }).press('Enter');
    await expect(form.getByLabel('Dia', { exact: true })).toHaveValue(`${td}/${tm}/${ty}`);
    await form.getByLabel('Início', { exact: true }).click();
    await form.getByLabel('Início', { exact: true }).fill('23:50');
    await form.getByLabel('Início', { exact: true }).press('Enter');
    await expect(form.getByLabel('Término', { exact: true })).toHaveValue('23:55');
    await form.getByLabel('Descrição', { exact: true }).fill('Ligação de boas-vindas');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Atividade salva com sucesso.')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(item(page, 'Ligação de boas-vindas')).toContainText('Aguardando');

    // mark as done
    await item(page, 'Ligação de boas-vindas').getByRole('button', { name: 'Marcar como realizada' }).click();
    await expect(group(page, 'CONCLUDED')).toContainText('Ligação de boas-vindas');
    await expect(item(page, 'Ligação de boas-vindas')).toContainText('Concluída');

    // one that ended yesterday is overdue
    await person.getByRole('button', { name: 'Nova atividade' }).click();
    form = editor(page);
    const [yy, ym, yd] = dayFromToday(-1).split('-');
    await form.getByLabel('Dia', { exact: true }).click();
    await form.getByLabel('Dia', { exact: true }).fill(`${yd}/${ym}/${yy}`);
    await form.getByLabel('Dia', { exact: true }).press('Enter');
    await form.getByLabel('Descrição', { exact: true }).fill('Visita atrasada');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Atividade salva com sucesso.').first()).toBeVisible();
    await expect(item(page, 'Visita atrasada')).toContainText('Atrasado');
    await expect(item(page, 'Visita atrasada')).toContainText(`${yd}/${ym}/${yy}`);

    // 'Concluir e criar nova' concludes it and opens a fresh form
    await item(page, 'Visita atrasada').getByRole('button', { name: 'Editar atividade' }).click();
    form = editor(page);
    await expect(form.getByLabel('Descrição', { exact: true })).toHaveValue('Visita atrasada');
    await form.getByRole('button', { name: 'Concluir e criar nova' }).click();
    form = editor(page);
    await expect(form.getByLabel('Descrição', { exact: true })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Criar como concluída e adicionar nova' })).toBeVisible();
    await expect(item(page, 'Visita atrasada')).toContainText('Concluída');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await expect(form).toBeHidden();

    // delete
    await item(page, 'Visita atrasada').getByRole('button', { name: 'Excluir atividade' }).click();
    await confirmPopover(page, 'Deseja mesmo excluir essa atividade?');
    await expect(notice(page, 'Atividade removida com sucesso.')).toBeVisible();
    await expect(item(page, 'Visita atrasada')).toHaveCount(0);
    await expect(item(page, 'Ligação de boas-vindas')).toHaveCount(1);
  });
});
