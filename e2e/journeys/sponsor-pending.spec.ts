import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { confirmPopover, drawer, openPeople, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

/** 'Novo Cadastro' in the people screen with a name (and an e-mail). */
async function createPerson(page: Page, name: string, email?: string) {
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const create = drawer(page, 'Nova Pessoa');
  await create.getByLabel('Nome', { exact: true }).fill(name);
  if (email) await create.getByLabel('E-mail', { exact: true }).fill(email);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  await expect(create).toBeHidden();
  await closeNotices(page);
}

/**
 * The public page in a fresh browser context (no session): signs up with the values given and
 * answers the link the success message shows. Name, e-mail and cellphone are on the form whatever
 * journey configured it last (the demo's and sponsor.spec's configurations both have them).
 */
async function signUpAsVisitor(browser: Browser, link: string, values: { name: string; email: string }) {
  const visitor = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
  const pub = await visitor.newPage();
  await pub.goto(link);
  await pub.getByLabel('Nome', { exact: true }).fill(values.name);
  await pub.getByLabel('E-mail', { exact: true }).fill(values.email);
  await pub.getByLabel('Celular', { exact: true }).fill('81987650000');
  await pub.getByRole('checkbox', { name: 'Li e aceito a Política de Privacidade' }).check();
  const signedUp = pub.waitForResponse(
    (r) => r.url().includes('/godfather-form/') && r.request().method() === 'POST',
  );
  await pub.getByRole('button', { name: 'Cadastrar' }).click();
  expect((await signedUp).status()).toBe(200);
  const first = values.name.split(' ')[0];
  // the same success a new person gets: nothing tells that the e-mail was already on record
  await expect(pub.getByText(`Parabéns ${first}! Cadastro realizado com sucesso!`)).toBeVisible();
  const own = await pub.getByTestId('sponsor-own-link').inputValue();
  await visitor.close();
  return own;
}

test('sponsor: a sign-up with an existing contact e-mail changes nothing until Confirmar; Descartar drops one', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const godfather = `Madrinha ${id}`;
  const contact = `Contato Antigo ${id}`;
  const email = `contato.antigo.${id}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);

  // 1. a godfather with a link, and a contact already on record (no cellphone, no godfather)
  await openPeople(page);
  await createPerson(page, godfather);
  await createPerson(page, contact, email);
  await row(page, godfather).getByRole('button', { name: 'Editar' }).click();
  const edit = drawer(page, 'Editar pessoa');
  await edit.getByRole('button', { name: 'Apadrinhamento', exact: true }).click();
  await edit.getByRole('button', { name: 'Link de apadrinhamento' }).click();
  const linkInput = edit.getByTestId('person-sponsor-link');
  await expect(linkInput).toHaveValue(/\/demo\/convite\/madrinha-\d{6}$/);
  const link = await linkInput.inputValue();
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // 2. a visitor signs up with the contact's e-mail: answered like a new person, with a link of the typed name
  const answered = await signUpAsVisitor(browser, link, { name: `Impostora ${id}`, email });
  expect(answered).toMatch(/\/demo\/convite\/impostora-\d{6}$/);

  // the contact is unchanged: still no cellphone
  await openPeople(page);
  await row(page, contact).getByRole('button', { name: 'Editar' }).click();
  let person = drawer(page, 'Editar pessoa');
  await expect(person.getByLabel('Celular', { exact: true })).toHaveValue('');
  await person.getByRole('button', { name: 'Cancelar' }).click();

  // 3. 'Cadastros pendentes': what was sent beside the contact on record; Confirmar merges it
  await page.getByRole('button', { name: 'Cadastros pendentes' }).click();
  await expect(page.getByRole('heading', { name: 'Cadastros pendentes' })).toBeVisible();
  const waiting = row(page, `Impostora ${id}`);
  await expect(waiting).toContainText(email);
  await expect(waiting).toContainText(contact);
  await expect(waiting).toContainText(godfather);
  await expectAccessible(page, 'cadastros pendentes');
  await waiting.getByRole('button', { name: `Confirmar Impostora ${id}` }).click();
  await expect(notice(page, 'Cadastro confirmado')).toBeVisible();
  await expect(row(page, `Impostora ${id}`)).toHaveCount(0);
  await closeNotices(page);

  // the blank cellphone filled, the name kept, the godfather linked
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await row(page, contact).getByRole('button', { name: 'Editar' }).click();
  person = drawer(page, 'Editar pessoa');
  await expect(person.getByLabel('Nome', { exact: true })).toHaveValue(contact);
  await expect(person.getByLabel('Celular', { exact: true })).toHaveValue('(81) 98765-0000');
  await expect(person.getByText(godfather).first()).toBeVisible();
  await person.getByRole('button', { name: 'Cancelar' }).click();

  // 4. another one with the same e-mail, discarded at 390 px
  await signUpAsVisitor(browser, link, { name: `Segunda ${id}`, email });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/pessoas/cadastros-pendentes');
  const second = row(page, `Segunda ${id}`);
  await expect(second).toContainText(contact);
  await expectAccessible(page, 'cadastros pendentes a 390 px');
  await second.getByRole('button', { name: `Descartar Segunda ${id}` }).click();
  await confirmPopover(page, 'Descartar este cadastro?');
  await expect(notice(page, 'Cadastro descartado')).toBeVisible();
  await expect(row(page, `Segunda ${id}`)).toHaveCount(0);
});
