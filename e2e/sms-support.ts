import { SHOT_SCREEN_TEXTS } from '@mandato/domain';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { modal } from './people-support.ts';
import { apiLogin, closeNotices, DEMO } from './support.ts';

/** A person of the SMS journey's list: three valid mobiles and a landline (dropped at the send). */
export interface SmsPerson {
  name: string;
  firstName: string;
  /** as typed in the person's cellphone field */
  cellphone: string;
  /** as the SMS screens show it: '+55 (61) 9XXXX-XXXX', or the landline's digits */
  shown: string;
}

/**
 * Four people of a list made here by the API (the journeys' demo has no sample): three with valid
 * mobiles, one with a landline in the cellphone field. The mobiles' middle digits come from `tag`,
 * so a second run on the same database writes to other numbers (a SAIR of the first run stays).
 */
export async function smsListOfFour(
  request: APIRequestContext,
  tag: string,
): Promise<{ list: string; people: SmsPerson[] }> {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const middle = String(Number.parseInt(tag, 36) % 1000).padStart(3, '0');
  const mobile = (i: number) => ({
    cellphone: `(61) 98${middle}-000${i}`,
    shown: `+55 (61) 98${middle}-000${i}`,
  });
  const people: SmsPerson[] = [
    { name: 'Ana Torpedo', firstName: 'Ana', ...mobile(1) },
    { name: 'Bruno Torpedo', firstName: 'Bruno', ...mobile(2) },
    { name: 'Carla Torpedo', firstName: 'Carla', ...mobile(3) },
    { name: 'Davi Fixo', firstName: 'Davi', cellphone: `(61) 3${middle}-0004`, shown: '' },
  ];
  for (const person of people) {
    const email = `${person.firstName.toLowerCase()}.${tag}@exemplo.com.br`;
    const created = await request.post('/api/people', {
      headers,
      data: { name: person.name, email, cellphone: person.cellphone },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  const list = `SMS do mandato ${tag}`;
  const saved = await request.post('/api/segments', {
    headers,
    data: {
      name: list,
      type: 'PERSON',
      expression: [{ units: [{ field: 'email', operator: 'CONTAINS', values: [`.${tag}@`] }] }],
    },
  });
  expect(saved.status()).toBe(200);
  return { list, people };
}

/** The 'Total: n' of a details tab, after opening it. */
export async function tabTotal(page: Page, tab: string): Promise<number> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const total = page.getByRole('tabpanel', { name: tab }).getByText(/^Total: [\d.]+$/);
  await expect(total).toBeVisible();
  return Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
}

/** The outbox dialog of an SMS, titled 'SMS +55 (DD) 9XXXX-XXXX'. */
export const smsDialog = (page: Page, person: SmsPerson) =>
  modal(page, `${SHOT_SCREEN_TEXTS.sms} ${person.shown}`);

/** Opens the SMS sent to `person` from the outbox (SMS channel); its dialog once loaded. */
export async function openSms(page: Page, person: SmsPerson): Promise<Locator> {
  const answer = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/?]+$/.test(r.url()) && r.ok());
  await page
    .getByRole('button', { name: SHOT_SCREEN_TEXTS.openMessage(SHOT_SCREEN_TEXTS.sms, person.shown) })
    .click();
  await answer;
  const dialog = smsDialog(page, person);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the open SMS dialog (after its notices, which sit over the top right). */
export async function closeSms(page: Page, dialog: Locator) {
  await closeNotices(page);
  await dialog.getByRole('button', { name: SHOT_SCREEN_TEXTS.close }).last().click();
  await expect(dialog).toBeHidden();
}
