import fs from 'node:fs';
import { personInitials } from '@mandato/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, modal, openPeople, pickOption, row, selectIn, unique } from '../people-support.ts';
import { apiLogin, closeNotices, DEMO, login, notice } from '../support.ts';

/** Screenshots of the privacy centre (issue 31), at 1280 and 390 px. */
const SHOTS = process.env.PRIVACY_SHOTS ?? '/tmp/p4';

type Headers = Record<string, string>;

async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const { token } = await apiLogin(request, DEMO.admin);
  return { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
}

async function createPerson(request: APIRequestContext, headers: Headers, data: Record<string, unknown>) {
  const res = await request.post('/api/people', { headers, data });
  expect(res.status()).toBe(200);
  return String((await res.json()).data.code);
}

async function openRequests(page: Page) {
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/privacy/requests?') && r.status() === 200,
  );
  await page.goto('/demo/admin/privacidade/solicitacoes');
  // the settings chunk loads first: on the shared CI machine that can take longer than 10 s
  await expect(page.getByRole('heading', { name: 'Solicitações de titulares' })).toBeVisible({
    timeout: 30_000,
  });
  await listed;
}

/** 'Nova solicitação' for the person found by `name`, of `kind` by `channel`. */
async function registerRequest(page: Page, name: string, kind: string, channel: string) {
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  const dialog = modal(page, 'Nova solicitação de titular');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Titular', { exact: true }).fill(name);
  await pickOption(page, name);
  await selectIn(dialog, page, 'Tipo', kind);
  await selectIn(dialog, page, 'Canal', channel);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/privacy/requests') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  expect((await created).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(notice(page, 'Solicitação registrada')).toBeVisible();
  await closeNotices(page);
  await expect(row(page, name).filter({ hasText: kind })).toBeVisible();
}

/** 'Atender' of an access or portability request: the file chosen downloads; its text. */
async function downloadFile(
  page: Page,
  name: string,
  kind: string,
  format: 'Arquivo JSON' | 'Página HTML (legível)',
) {
  const line = row(page, name).filter({ hasText: kind });
  await line.getByRole('button', { name: `Atender a solicitação de ${name}` }).click();
  const answered = page.waitForResponse((r) =>
    /\/api\/privacy\/requests\/[^/]+\/fulfil\?format=/.test(r.url()),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  expect((await answered).status()).toBe(200);
  const file = await (await download).path();
  return fs.readFileSync(file, 'utf8');
}

/**
 * The groups are found by a queued job after people change: 'Atualizar lista' reads them again
 * until the group shows (each read waits on its answer, not on time).
 */
async function waitForGroup(page: Page, group: Locator) {
  await expect(async () => {
    if (!(await group.isVisible())) {
      const read = page.waitForResponse((r) => r.url().includes('/api/people/duplicates?'));
      await page.getByRole('button', { name: 'Atualizar lista' }).click();
      await read;
    }
    await expect(group).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test.describe('privacy centre (LGPD)', () => {
  test('register an access request, answer it with the JSON file and a portability one with the HTML page', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const u = unique();
    const name = `Titular Acesso ${u}`;
    const email = `acesso-${u}@exemplo.com.br`;
    const headers = await adminHeaders(request);
    const code = await createPerson(request, headers, { name, email });
    const consent = await request.post(`/api/people/${code}/consents`, {
      headers,
      data: { purpose: 'Receber o informativo do mandato', lawfulBasis: 'CONSENT' },
    });
    expect(consent.status()).toBe(200);

    await login(page);
    await openRequests(page);
    await registerRequest(page, name, 'Acesso aos dados', 'E-mail');
    const open = row(page, name).filter({ hasText: 'Acesso aos dados' });
    await expect(open).toContainText(/1[45] dias restantes/);
    await expectAccessible(page, 'solicitações de titulares');
    await page.screenshot({ path: `${SHOTS}/requests-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(open.getByRole('button', { name: `Atender a solicitação de ${name}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/requests-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // the JSON file holds the person's record and the consent just given
    const json = await downloadFile(page, name, 'Acesso aos dados', 'Arquivo JSON');
    expect(json).toContain(name);
    expect(json).toContain(email);
    expect(json).toContain('Receber o informativo do mandato');
    expect(() => JSON.parse(json)).not.toThrow();
    await expect(notice(page, 'Arquivo gerado')).toBeVisible();
    await closeNotices(page);
    // answered: no 'Atender', the status and who handled it
    await expect(open).toContainText('Atendida');
    await expect(open).toContainText('Admin');
    await expect(open.getByRole('button', { name: /^Atender/ })).toHaveCount(0);

    // portability, answered with the readable HTML page
    await registerRequest(page, name, 'Portabilidade', 'Presencial');
    const html = await downloadFile(page, name, 'Portabilidade', 'Página HTML (legível)');
    expect(html).toMatch(/<html/i);
    expect(html).toContain(name);
    expect(html).toContain(email);
    await closeNotices(page);

    // the person drawer's consents block
    await openPeople(page);
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const person = drawer(page, 'Editar pessoa');
    await person.getByRole('button', { name: 'Consentimentos e descadastros' }).click();
    const given = person.getByText('Receber o informativo do mandato');
    await expect(given).toBeVisible();
    await expect(person.getByText('Registro manual')).toBeVisible();
    await expect(person.getByText('Nenhum descadastro: a pessoa pode receber e-mails e SMS')).toBeVisible();
    await expectAccessible(page, 'consentimentos da pessoa');
    await given.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/consents-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await given.scrollIntoViewIfNeeded();
    await expect(given).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/consents-390.png` });
  });

  test('anonymise a person: the consequences stated, then no identifier left', async ({ page, request }) => {
    test.setTimeout(120_000);
    const u = unique();
    const name = `Titular Anonimizar ${u}`;
    const email = `anonimizar-${u}@exemplo.com.br`;
    const headers = await adminHeaders(request);
    const code = await createPerson(request, headers, { name, email, cellphone: '11987654321' });

    await login(page);
    await openRequests(page);
    await registerRequest(page, name, 'Anonimização', 'Carta');
    await row(page, name)
      .getByRole('button', { name: `Atender a solicitação de ${name}` })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Anonimizar ${name}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Os totais dos relatórios são mantidos');
    await expect(confirm).toContainText('Não é possível desfazer.');
    await expectAccessible(page, 'confirmar anonimização');
    await page.screenshot({ path: `${SHOTS}/anonymise-1280.png` });
    const done = page.waitForResponse((r) => /\/api\/privacy\/requests\/[^/?]+\/fulfil$/.test(r.url()));
    await confirm.getByRole('button', { name: 'Anonimizar' }).click();
    expect((await done).status()).toBe(200);
    await expect(notice(page, 'Dados anonimizados')).toBeVisible();
    await closeNotices(page);
    await expect(row(page, name)).toHaveCount(0);

    // the record stays (reports keep their totals) but no longer names anyone
    const person = await request.get(`/api/people/${code}`, { headers });
    if (person.status() === 200) {
      const text = JSON.stringify((await person.json()).data);
      expect(text).not.toContain(name);
      expect(text).not.toContain(email);
      expect(text).not.toContain('987654321');
    } else {
      expect(person.status()).toBe(404);
    }
  });

  test("merge two duplicates choosing the values, then undo from 'Mesclagens recentes'", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const u = unique();
    const email = `duplicado-${u}@exemplo.com.br`;
    const older = `Duplicado Antigo ${u}`;
    const newer = `Duplicado Novo ${u}`;
    const headers = await adminHeaders(request);
    const olderCode = await createPerson(request, headers, { name: older, email });
    const newerCode = await createPerson(request, headers, { name: newer, email, cellphone: '11912345678' });

    await login(page);
    await page.goto('/demo/admin/privacidade/duplicados');
    await expect(page.getByRole('heading', { name: 'Duplicados', level: 4 })).toBeVisible({
      timeout: 30_000,
    });
    // the groups are found by a queued job after people change: read again until it shows them
    const group = page.getByRole('group', { name: `${older}, ${newer}` });
    await waitForGroup(page, group);
    await expect(group).toContainText('E-mail');
    await expectAccessible(page, 'duplicados');
    await page.screenshot({ path: `${SHOTS}/duplicates-1280.png`, fullPage: true });

    await group.getByRole('button', { name: `Mesclar ${older}, ${newer}` }).click();
    const dialog = modal(page, 'Mesclar cadastros');
    await expect(dialog).toBeVisible();
    // the oldest record stays; the name comes from the newer one
    await expect(
      dialog.getByRole('radiogroup', { name: 'Cadastro que permanece' }).getByLabel(older),
    ).toBeChecked();
    await dialog.getByRole('radiogroup', { name: 'Valor de Nome' }).getByLabel(newer).check();
    await expectAccessible(page, 'mesclar cadastros');
    await page.screenshot({ path: `${SHOTS}/merge-1280.png` });
    const merged = page.waitForResponse(
      (r) => r.url().endsWith('/api/people/merge') && r.request().method() === 'POST',
    );
    const relisted = page.waitForResponse(
      (r) => r.url().includes('/api/people/merges?') && r.status() === 200,
    );
    await dialog.getByRole('button', { name: 'Mesclar', exact: true }).click();
    expect((await merged).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(notice(page, 'Cadastros mesclados')).toBeVisible();
    await relisted;
    // the dialog's notice goes: the undo is found later, in the list of recent merges
    await closeNotices(page);

    // one record left, the older one, with the newer one's name
    expect((await request.get(`/api/people/${newerCode}`, { headers })).status()).toBe(404);
    const survivor = await request.get(`/api/people/${olderCode}`, { headers });
    expect((await survivor.json()).data.name).toBe(newer);

    const merges = page.getByRole('region', { name: 'Mesclagens recentes' });
    const line = merges.locator('.ant-table-row').filter({ hasText: newer });
    const undoButton = line.getByRole('button', { name: `Desfazer a mesclagem em ${newer}` });
    await expect(undoButton).toBeVisible();
    await expect(line).toContainText('Admin');
    await expect(line).toContainText('Pode ser desfeita até');
    await line.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'mesclagens recentes');
    await page.screenshot({ path: `${SHOTS}/merges-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // the phone's one-column list (no header) once the layout has followed the new width
    await expect(merges.getByRole('columnheader', { name: 'Mesclado em' })).toBeHidden();
    await expect(undoButton).toBeVisible();
    // the list fits the phone: the page does not scroll sideways
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/merges-390.png` });
    await undoButton.click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Desfazer esta mesclagem?' });
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/undo-confirm-390.png` });
    // 'Cancelar' changes nothing
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(undoButton).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 720 });

    await undoButton.click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(newer);
    await expectAccessible(page, 'confirmar desfazer mesclagem');
    await page.screenshot({ path: `${SHOTS}/undo-confirm-1280.png` });
    const undone = page.waitForResponse((r) => /\/api\/people\/merge\/\d+\/undo$/.test(r.url()));
    await confirm.getByRole('button', { name: 'Desfazer', exact: true }).click();
    expect((await undone).status()).toBe(200);
    await expect(notice(page, 'Mesclagem desfeita')).toBeVisible();
    const undoneLine = merges.locator('.ant-table-row').filter({ hasText: older });
    await expect(undoneLine).toContainText('Desfeita em');
    await expect(undoneLine.getByRole('button', { name: /^Desfazer/ })).toHaveCount(0);
    expect((await request.get(`/api/people/${newerCode}`, { headers })).status()).toBe(200);
    const restored = await request.get(`/api/people/${olderCode}`, { headers });
    expect((await restored.json()).data.name).toBe(older);
    await closeNotices(page);
    await page.screenshot({ path: `${SHOTS}/merges-undone-1280.png`, fullPage: true });

    // both records are back in the people list
    await openPeople(page);
    await expect(row(page, newer)).toBeVisible({ timeout: 15_000 });
    await expect(row(page, older)).toBeVisible();

    // settings › Auditoria names the merge's people by initials, never a raw id, and fits a phone (issue 40)
    await page.goto('/demo/admin/privacidade/auditoria');
    const audited = page.locator('.ant-table-row');
    await expect(audited.filter({ hasText: 'Mesclagem desfeita' }).first()).toContainText(
      `Cadastro de ${personInitials(newer)} mesclado ao de ${personInitials(older)}`,
    );
    await expect(audited.filter({ hasText: /Mesclagem \d|Solicitação [0-9a-f]{8}-/ })).toHaveCount(0);
    await expectAccessible(page, 'auditoria');
    await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('columnheader', { name: 'Ação e assunto' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto('/demo/admin/privacidade/duplicados');
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForGroup(page, group);
    await page.screenshot({ path: `${SHOTS}/duplicates-390.png`, fullPage: true });
    await group.getByRole('button', { name: `Mesclar ${older}, ${newer}` }).click();
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/merge-390.png` });
  });
});
