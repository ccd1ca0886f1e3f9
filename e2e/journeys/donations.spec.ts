import { DONATION_TEXTS } from '@mandato/domain';
import type { Page, Response } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer as dialogNamed, pickOption, unique } from '../people-support.ts';
import { fillLogin, notice } from '../support.ts';

const SHOTS = process.env.DONATION_SHOTS ?? '/tmp/d4';
/** The embedded provider sandbox the server talks to (run-e2e.mjs). */
const SANDBOX = process.env.E2E_DONATION_SANDBOX_URL ?? 'http://127.0.0.1:3311';
const TENANT = process.env.E2E_DONATION_TENANT ?? 'doacoes';
const ADMIN = 'admin@doacoes.test';
/** The account's token at the sandbox, pasted in Configurações (the sandbox takes any of 8–200 characters). */
const PROVIDER_TOKEN = 'e2e-doacoes-ambiente-de-testes';
const P = DONATION_TEXTS.provider;

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
  return [...base, first, digit([...base, first])].join('');
}

/** A small real PNG (8×8, one colour). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGNgaPiPHTGMSgwvCQAhOnsBl+U2PgAAAABJRU5ErkJggg==',
  'base64',
);

/** How opaque an element is on screen: its opacity times that of every box around it. */
const seenOpacity = (el: Element) => {
  let opacity = 1;
  for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  return opacity;
};

/** The answer of the call `method path` the page makes next. */
const answerOf = (page: Page, method: string, path: string) =>
  page.waitForResponse(
    (r: Response) => r.request().method() === method && new URL(r.url()).pathname === `/api${path}`,
  );

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('Doações', () => {
  test('wizard to awaiting approval, confirmed at the provider, a campaign, a donation paid', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const u = unique();
    const cpf = randomCpf();
    const name = `Candidata Teste ${u}`;
    const donor = `Doador Teste ${u}`;

    await fillLogin(page, TENANT, ADMIN, 'mandato123');
    await expect(page).toHaveURL(new RegExp(`/${TENANT}/`));

    // a new account (issue 40 item 10): no provider token yet, the module says so and who opens it
    await page.goto(`/${TENANT}/doacao`);
    await expect(page.getByText(DONATION_TEXTS.messages.noAccess)).toBeVisible();
    await expect(page.getByText(P.noAccessHint)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${TENANT}/agenda`));
    // the administrator pastes it in Configurações while the server runs (no CLI, no restart)
    await page.goto(`/${TENANT}/admin/sistema/provedor-doacoes`);
    await expect(page.getByText(P.notConnected)).toBeVisible();
    await expect(page.getByText(P.sandboxHint)).toBeVisible();
    await expectAccessible(page, 'configurações: provedor de doações');
    await page.getByLabel(P.token).fill(PROVIDER_TOKEN);
    const tokenSaved = answerOf(page, 'PUT', '/sys-admin/donation-provider/token');
    await page.getByRole('button', { name: P.save }).click();
    expect((await tokenSaved).status()).toBe(200);
    await expect(notice(page, P.saved)).toBeVisible();
    await expect(page.getByText(P.connected)).toBeVisible();
    await expect(page.getByLabel(P.token)).toHaveValue('');
    await expectAccessible(page, 'configurações: provedor de doações conectado');
    await shoot(page, 'donation-provider');

    await page.goto(`/${TENANT}/doacao`);

    // not integrated: the provider's terms and the button that opens the wizard
    await expect(page).toHaveURL(/\/doacao\/config\/integracao-essentjus$/);
    await expect(page.getByText('Sistema não Integrado')).toBeVisible();
    await expect(page.getByText('Cartão de crédito: 3,17%')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Integração EssentJus' })).toBeVisible();
    await expectAccessible(page, 'doações: não integrado');
    await shoot(page, 'donation-not-integrated');
    await page.getByRole('button', { name: 'Criar minha conta de Doação' }).click();

    // step 1 'Dados do Político': every field required, título de eleitor by its check digits
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Campo Obrigatório').first()).toBeVisible();
    await expect(page.getByText('Ops, Dados inválidos! Confira as informações de cada campo.')).toBeVisible();
    await page.getByLabel('Nome completo', { exact: true }).fill(name);
    await page.getByLabel('CPF', { exact: true }).fill(cpf);
    await page.getByLabel('RG', { exact: true }).fill('12.345.678-9');
    await page.getByLabel('Órgão expedidor', { exact: true }).fill('SSP/SP');
    await page.getByLabel('Título de eleitor', { exact: true }).fill('004356870907');
    await expect(page.getByText('Título de eleitor inválido')).toBeVisible();
    await page.getByLabel('Título de eleitor', { exact: true }).fill('004356870906');
    await page.getByLabel('Data de nascimento', { exact: true }).fill('17/05/1980');
    await page.getByLabel('E-mail', { exact: true }).fill(`candidata.${u}@exemplo.com.br`);
    await expectAccessible(page, 'doações: dados do político');
    await shoot(page, 'donation-wizard-politician');
    const politician = answerOf(page, 'PUT', '/donations/onboarding/politician');
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect((await politician).status()).toBe(200);

    // step 2 'Candidatura'
    await expect(page.getByLabel('Cargo', { exact: true })).toBeVisible();
    // an empty 'Cargo' or 'Partido' is required, not a value out of the list (issue 40)
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Campo Obrigatório').first()).toBeVisible();
    await expect(page.getByText('Valor não permitido')).toHaveCount(0);
    await page.getByLabel('CEP', { exact: true }).fill('01001000');
    // a feminine office: kept as chosen, sent to the provider as 'Deputado Federal' (issue 40)
    await page.getByLabel('Cargo', { exact: true }).click();
    await pickOption(page, 'Deputada Federal');
    await page.getByLabel('Partido', { exact: true }).click();
    await page.getByLabel('Partido', { exact: true }).fill('PT —');
    await pickOption(page, 'PT — Partido dos Trabalhadores');
    await page.getByLabel('Descrição da campanha de doação', { exact: true }).fill('Saúde e educação');
    await page.getByLabel('Telefone', { exact: true }).fill('1133334444');
    await page.getByLabel('Celular', { exact: true }).fill('11987654321');
    await page.getByLabel('Rua', { exact: true }).fill('Praça da Sé');
    await page.getByLabel('Número', { exact: true }).fill('100');
    await page.getByLabel('Bairro', { exact: true }).fill('Sé');
    await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
    await page.getByLabel('Estado', { exact: true }).click();
    await page.getByLabel('Estado', { exact: true }).fill('SP');
    await pickOption(page, 'SP');
    await shoot(page, 'donation-wizard-candidacy');
    const candidacy = answerOf(page, 'PUT', '/donations/onboarding/candidacy');
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect((await candidacy).status()).toBe(200);

    // step 3 'Foto': a GIF is refused by its bytes, a PNG is stored
    const photoInput = page.getByLabel('Escolher foto', { exact: true });
    await photoInput.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a-nao'),
    });
    await expect(page.getByText('Apenas imagens jpg/jpeg/png são permitidas')).toBeVisible();
    await photoInput.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Pré-visualização da foto' })).toBeVisible();
    const photo = answerOf(page, 'PUT', '/donations/onboarding/photo');
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect((await photo).status()).toBe(200);

    // step 4 'Termos de Uso': Confirmar sends the candidate to the provider
    await expect(page.getByText('Ao clicar em confirmar você aceita os termos acima')).toBeVisible();
    await shoot(page, 'donation-wizard-terms');
    const confirm = answerOf(page, 'POST', '/donations/onboarding/confirm');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    expect((await confirm).status()).toBe(200);
    await expect(page.getByText('Aguardando aprovação')).toBeVisible();
    await shoot(page, 'donation-awaiting');

    // the provider's operator confirms the candidate (the sandbox's own page)
    const operator = await page.context().newPage();
    await operator.goto(`${SANDBOX}/_sandbox`);
    await expect(operator.getByText('Ambiente de testes').first()).toBeVisible();
    const candidateRow = operator.locator('tr').filter({ hasText: name });
    await candidateRow.getByRole('button', { name: 'Confirmar' }).click();
    await expect(operator.locator('tr').filter({ hasText: name })).toContainText('Confirmado');

    // confirmed: the campaign view, empty, with 'Nova Campanha'
    const onboarding = answerOf(page, 'GET', '/donations/onboarding');
    await page.goto(`/${TENANT}/doacao`);
    expect((await (await onboarding).json()).data.state).toBe('CONFIRMED');
    await expect(page).toHaveURL(/\/doacao\/campanha$/);
    await expect(page.getByText('Nenhuma campanha de doação encontrada').first()).toBeVisible();
    // 'Cancelar' closes the dialog and saves nothing
    await page.getByRole('button', { name: 'Nova Campanha' }).click();
    const dialog = dialogNamed(page, 'Campanha de Doação');
    // under reduced motion (playwright.config.ts) the dialog is seen at once, even in a tab that draws
    // no frame (the sandbox's page is in front): read once, no waiting for it to render again
    await dialog.getByRole('button', { name: 'Cancelar' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancelar' }).evaluate(seenOpacity)).toBe(1);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Nenhuma campanha de doação encontrada').first()).toBeVisible();
    await page.getByRole('button', { name: 'Nova Campanha' }).click();
    await expect(dialog.getByLabel('Valor mínimo', { exact: true })).toHaveValue('5,00');
    await expect(dialog.getByLabel('Valor máximo', { exact: true })).toHaveValue('1.064,00');
    await expect(dialog.getByLabel('Valor sugerido', { exact: true })).toHaveValue('50,00');
    // the dialog's own refusals (spec 3 §5)
    await dialog.getByLabel('Valor máximo', { exact: true }).fill('2000,00');
    await dialog.getByLabel('Título', { exact: true }).fill(`Campanha ${u}`);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Valor máximo de doação diária é R$ 1.064,00')).toBeVisible();
    await shoot(page, 'donation-campaign-dialog');
    await dialog.getByLabel('Valor máximo', { exact: true }).fill('500,00');
    await dialog.getByLabel('Valor sugerido', { exact: true }).fill('80,00');
    await expectAccessible(page, 'doações: campanha');
    const saved = answerOf(page, 'POST', '/donations/campaigns');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(notice(page, 'Campanha salva com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `Campanha ${u}` })).toBeVisible();
    const link = page.locator('.donation-link__url a');
    const url = (await link.getAttribute('href')) ?? '';
    expect(url).toContain(`${SANDBOX}/doar/${TENANT}-campanha-`);
    // the sandbox's link and QR open only on this machine: said beside them (issue 40)
    const linkCard = page.locator('.ant-card').filter({ has: link });
    await expect(linkCard.getByText(DONATION_TEXTS.sandbox, { exact: true })).toBeVisible();
    await expect(linkCard.getByText(DONATION_TEXTS.campaign.sandboxHint)).toBeVisible();

    // a donor opens the link in a browser of their own and donates: above the maximum is refused
    const donorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const donorPage = await donorContext.newPage();
    await donorPage.goto(url);
    await expect(donorPage.getByText('Ambiente de testes').first()).toBeVisible();
    await donorPage.getByLabel('Nome completo').fill(donor);
    await donorPage.getByLabel('CPF').fill(randomCpf());
    await donorPage.getByLabel('E-mail').fill(`doador.${u}@exemplo.com.br`);
    await donorPage.getByLabel('Celular').fill('(11) 98888-7777');
    await donorPage.getByLabel('Valor (R$)').fill('600,00');
    await donorPage.getByRole('button', { name: 'Doar' }).click();
    await expect(donorPage.getByText('O valor máximo desta campanha é R$ 500,00')).toBeVisible();
    await donorPage.screenshot({ path: `${SHOTS}/donation-donor-refused-390.png`, fullPage: true });
    await donorPage.getByLabel('Valor (R$)').fill('80,00');
    await donorPage.getByRole('button', { name: 'Doar' }).click();
    await expect(donorPage.getByText('Pendente').first()).toBeVisible();
    await expect(donorPage.getByRole('button', { name: 'Simular pagamento' })).toBeVisible();
    await donorPage.screenshot({ path: `${SHOTS}/donation-donor-pending-390.png`, fullPage: true });

    // the campaign lists it Pendente, and pending donations do not count
    await page.reload();
    const donationRow = page.locator('.ant-table-row').filter({ hasText: donor });
    await expect(donationRow).toContainText('Pendente');
    await expect(donationRow).toContainText('R$ 80,00');
    await expect(page.locator('.ant-statistic').filter({ hasText: 'Total Arrecadado' })).toContainText(
      'R$ 0,00',
    );

    // the provider's operator marks it paid
    await operator.goto(`${SANDBOX}/_sandbox`);
    await operator
      .locator('tr')
      .filter({ hasText: donor })
      .getByRole('button', { name: 'Marcar paga' })
      .click();
    await expect(operator.locator('tr').filter({ hasText: donor })).toContainText('Paga');
    await operator.close();
    await donorPage.reload();
    await expect(donorPage.getByText('Paga').first()).toBeVisible();
    await donorContext.close();

    // paid: the totals move
    await page.reload();
    await expect(page.locator('.ant-table-row').filter({ hasText: donor })).toContainText('Paga');
    await expect(page.locator('.ant-statistic').filter({ hasText: 'Total Arrecadado' })).toContainText(
      'R$ 80,00',
    );
    await expect(page.locator('.ant-statistic').filter({ hasText: /^Doações/ })).toContainText('1');
    await shoot(page, 'donation-campaign-paid');
    await expectAccessible(page, 'doações: campanha com doação paga');
  });
});
