import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openPeople, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-sponsor';
// a 2x1 PNG (real image bytes: the server tells the type by them)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGOQ95tzXlgJAAdsAg7JefnZAAAAAElFTkSuQmCC',
  'base64',
);
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('sponsor: configure the form, share a link, sign up in a fresh browser, see godfather and consent', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const id = unique();
  const title = `Junte-se a nós ${id}`;
  // 'Ab…' sorts on the people list's first page, whatever other journeys added before ('P…' did not)
  const godfather = `Abel Padrinho ${id}`;
  const signer = `Abigail Apoiadora ${id}`;
  const email = `apoiadora.${id}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);

  // 1. settings: 'Formulário de Apadrinhamento'
  await page.goto('/demo/admin/sistema/form-padrinho');
  await expect(page.getByRole('heading', { name: 'Formulário de Apadrinhamento' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Política de Privacidade' });
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('LGPD');
  await page.getByLabel('Título').fill(title);
  await page.getByRole('checkbox', { name: 'CPF' }).check();
  await page.getByRole('switch', { name: 'Celular obrigatório' }).click();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Texto revisado pela jornada.');
  const icon = page.waitForResponse(
    (r) => r.url().endsWith('/godfather-form/favicon') && r.request().method() === 'POST',
  );
  await page.locator('.ant-upload input[type=file]').setInputFiles({
    name: 'favicon.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  expect((await icon).status()).toBe(200);
  await expect(page.getByRole('img', { name: 'Favicon' })).toBeVisible();
  await closeNotices(page);
  await expectAccessible(page, 'formulário de apadrinhamento');
  await shot(page, 'admin-form-1280');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/sys-admin/parameter/godfather-form') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  await expect(notice(page, 'Sucesso! Configurações atualizadas')).toBeVisible();
  await closeNotices(page);
  // a save without title says the spec's message
  await page.getByLabel('Título').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    notice(page, 'Os campos Título, Descrição e Política de Privacidade são obrigatórios'),
  ).toBeVisible();
  await closeNotices(page);

  await page.getByLabel('Título').fill(title);

  // where the links come from, and the form as the public sees it (nothing sent)
  const links = page.getByRole('region', { name: 'Onde estão os links do formulário' });
  await expect(links).toContainText('"Apadrinhamento" › "Link de apadrinhamento"');
  await expect(links.getByRole('link', { name: 'Abrir Pessoas' })).toHaveAttribute('href', '/demo/pessoas');
  await page.getByRole('button', { name: 'Pré-visualizar formulário' }).click();
  const preview = page.getByRole('dialog', { name: 'Pré-visualização do formulário público' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByLabel('CPF', { exact: true })).toBeVisible();
  await expect(preview.getByText('Texto revisado pela jornada.')).toBeVisible();
  await preview.getByLabel('Celular', { exact: true }).fill('81987651234');
  await expect(preview.getByLabel('Celular', { exact: true })).toHaveValue('(81) 98765-1234');
  await expect(preview.getByRole('button', { name: 'Cadastrar' })).toBeDisabled();
  await expectAccessible(page, 'pré-visualização do formulário');
  await shot(page, 'admin-preview-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-preview-390');
  await preview
    .getByRole('button', { name: 'Close' })
    .or(preview.getByRole('button', { name: 'Fechar' }))
    .click();
  await expect(preview).toBeHidden();

  await expect(page.getByRole('textbox', { name: 'Política de Privacidade' })).toBeVisible();
  await expectAccessible(page, 'formulário de apadrinhamento a 390 px');
  await shot(page, 'admin-form-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // 2. a person's sponsor link, from the drawer
  await openPeople(page);
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const create = drawer(page, 'Nova Pessoa');
  await create.getByLabel('Nome', { exact: true }).fill(godfather);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  await expect(create).toBeHidden();
  await closeNotices(page);
  await row(page, godfather).getByRole('button', { name: 'Editar' }).click();
  const edit = drawer(page, 'Editar pessoa');
  await edit.getByRole('button', { name: 'Apadrinhamento', exact: true }).click();
  const invite = page.waitForResponse((r) => r.url().includes('/invite') && r.request().method() === 'POST');
  await edit.getByRole('button', { name: 'Link de apadrinhamento' }).click();
  expect((await invite).status()).toBe(200);
  const linkInput = edit.getByTestId('person-sponsor-link');
  await expect(linkInput).toHaveValue(/\/demo\/convite\/abel-\d{6}$/);
  const link = await linkInput.inputValue();
  await expect(edit.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  await expectAccessible(page, 'link de apadrinhamento no cadastro');
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // 3. the public page in a fresh browser context (no session), at 390 px
  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const cspErrors: string[] = [];
  visitor.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const pub = await visitor.newPage();
  const missing = await pub.goto('/demo/convite/nao-existe-123');
  expect(missing?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(pub.getByText('Oops! Página não encontrada!')).toBeVisible();

  // the bare /{slug}/convite: a personal link is needed (no request, nothing changes)
  const formReads: string[] = [];
  pub.on('request', (r) => {
    if (r.url().includes('/api/')) formReads.push(`${r.method()} ${r.url()}`);
  });
  await pub.goto('/demo/convite');
  await expect(pub.getByText('Este cadastro precisa de um link pessoal')).toBeVisible();
  await expect(pub.getByText(/Peça o link de apadrinhamento a quem convidou você/)).toBeVisible();
  await expectAccessible(pub, 'convite sem link pessoal');
  await shot(pub, 'public-bare-390');
  expect(formReads).toEqual([]);

  await pub.goto(link);
  await expect(pub.getByRole('heading', { name: title })).toBeVisible();
  await expect(pub.getByText('Convite de Abel')).toBeVisible();
  await expect(pub.locator('link[rel~="icon"]')).toHaveAttribute('href', /sponsor-favicon\?v=/);
  await expect(pub.getByRole('region', { name: 'Política de Privacidade' })).toContainText(
    'Texto revisado pela jornada.',
  );
  const submit = pub.getByRole('button', { name: 'Cadastrar' });
  await expect(submit).toBeDisabled();
  await expectAccessible(pub, 'cadastro público por convite');
  await shot(pub, 'public-form-390');
  await pub.getByLabel('Nome', { exact: true }).fill(signer);
  await pub.getByLabel('E-mail', { exact: true }).fill(email);
  await pub.getByLabel('Celular', { exact: true }).fill('81987651234');
  await expect(pub.getByLabel('Celular', { exact: true })).toHaveValue('(81) 98765-1234');
  await pub.getByLabel('CPF', { exact: true }).fill('123');
  await pub.getByLabel('CPF', { exact: true }).blur();
  await expect(pub.getByText('Cpf Inválido')).toBeVisible();
  await pub.getByLabel('CPF', { exact: true }).fill('52998224725');
  await expect(submit).toBeDisabled();
  await pub.getByRole('checkbox', { name: 'Li e aceito a Política de Privacidade' }).check();
  await expect(submit).toBeEnabled();
  const signedUp = pub.waitForResponse(
    (r) => r.url().includes('/godfather-form/') && r.request().method() === 'POST',
  );
  await submit.click();
  expect((await signedUp).status()).toBe(200);
  await expect(pub.getByText('Parabéns Abigail! Cadastro realizado com sucesso!')).toBeVisible();
  await expect(pub.getByTestId('sponsor-own-link')).toHaveValue(/\/demo\/convite\/abigail-\d{6}$/);
  await expectAccessible(pub, 'cadastro público concluído');
  await shot(pub, 'public-success-390');
  await pub.setViewportSize({ width: 1280, height: 900 });
  await pub.goto(link);
  await expect(pub.getByRole('heading', { name: title })).toBeVisible();
  await shot(pub, 'public-form-1280');
  expect(cspErrors, 'violações da CSP na página pública').toEqual([]);
  await visitor.close();

  // 4. the new person, with the godfather and the consent evidence
  await openPeople(page);
  await expect(row(page, signer)).toBeVisible();
  await row(page, signer).getByRole('button', { name: 'Editar' }).click();
  const person = drawer(page, 'Editar pessoa');
  await expect(person.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(person.getByText(godfather).first()).toBeVisible();
  await person.getByRole('button', { name: 'Apadrinhamento', exact: true }).click();
  const consent = person.getByRole('region', { name: 'Consentimento (cadastro por convite)' });
  await expect(consent.getByText(godfather)).toBeVisible();
  await expect(consent.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(consent.getByText(/HeadlessChrome|Chrome/)).toBeVisible();
  await expect(person.getByTestId('person-sponsor-link')).toHaveValue(/\/demo\/convite\/abigail-\d{6}$/);
  await expectAccessible(page, 'consentimento no cadastro');
  await consent.scrollIntoViewIfNeeded();
  await shot(page, 'drawer-consent-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(consent).toBeVisible();
  await consent.scrollIntoViewIfNeeded();
  await shot(page, 'drawer-consent-390');

  // 5. the godfather (created above with no goal and no affiliate) now counts one in 'Apadrinhados'
  await page.setViewportSize({ width: 1280, height: 900 });
  const isGodfathersPage = (r: { url(): string }) => r.url().includes('/api/reports/people/godfathers?');
  let answer = page.waitForResponse(isGodfathersPage);
  await page.goto('/demo/relatorios/apadrinhados');
  for (;;) {
    const { list } = (await (await answer).json()).data as { list: { name: string }[] };
    if (list.some((r) => r.name === godfather)) break;
    const next = page.locator('.ant-pagination-next');
    await expect(next, `${godfather} em alguma página de Apadrinhados`).not.toHaveClass(/disabled/);
    answer = page.waitForResponse(isGodfathersPage);
    await next.click();
  }
  await expect(row(page, godfather)).toContainText(/\b1 \/ /);
});
