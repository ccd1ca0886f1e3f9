import fs from 'node:fs';
import {
  OUTBOX_MARKS,
  SHOT_EDITOR_TEXTS,
  SHOT_OUTBOX_TEXTS,
  SHOT_SCREEN_TEXTS,
  SHOT_STATUS_LABELS,
  SHOT_TEXTS,
  SMS_SHOT_REPORTS,
  SMS_TEXTS,
  withMergeTagLabels,
} from '@mandato/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal, pickOption, unique } from '../people-support.ts';
import { closeSms, openSms, type SmsPerson, smsListOfFour, tabTotal } from '../sms-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/sms-e2e';
const R = SMS_SHOT_REPORTS;

/**
 * axe on the screen as it is now; a finding is kept and fails the journey at its end, so one run
 * names every screen's findings and still walks the whole journey.
 */
async function checkAccessible(page: Page, screen: string, findings: string[]) {
  try {
    await expectAccessible(page, screen);
  } catch (failure) {
    // the screen, then axe's lines (impact, rule, help, elements) of the diff
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal colours of expect's message
    const lines = (failure as Error).message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
    findings.push([lines[0], ...lines.filter((line) => /^\s*\+ {3}"/.test(line))].join(' '));
  }
}

/** A shot of a list view, by its message: a list names it with its merge tags as their labels (issue 40). */
const shotItem = (page: Page, content: string) =>
  page.getByRole('article', { name: withMergeTagLabels(content), exact: true });

/** Tomorrow in São Paulo as the schedule form takes it: dd/mm/aaaa. */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Opens 'Enviar SMS' from the SMS lists and chooses `list`, which reaches `contacts` people. */
async function newSmsTo(page: Page, list: string, contacts: number) {
  await page.goto('/demo/marketing/disparos/sms/enviados');
  await expect(page.getByRole('heading', { name: `${SHOT_SCREEN_TEXTS.sms} - Enviados` })).toBeVisible();
  await page.getByRole('button', { name: SHOT_TEXTS.sendSms }).click();
  await expect(page).toHaveURL(/\/demo\/marketing\/novo-envio\/SMS$/);
  await expect(page.getByRole('heading', { name: SMS_TEXTS.newTitle })).toBeVisible();
  const counted = page.waitForResponse((r) => /\/api\/mkt\/sms\/list-info\?/.test(r.url()) && r.ok());
  await page.getByLabel(SHOT_TEXTS.segment, { exact: true }).click();
  await pickOption(page, `${list} (Pessoas)`);
  await counted;
  await expect(page.locator('#sms-segment-count')).toHaveText(
    `${SHOT_TEXTS.contacts(contacts)} — ${SMS_TEXTS.contactsHint}`,
  );
}

/** Sends the open editor's SMS now through the confirm modal; back on the sent list. */
async function sendNow(page: Page, list: string, contacts: number) {
  await page.getByRole('button', { name: SHOT_TEXTS.sendNow }).click();
  const confirm = modal(page, SHOT_TEXTS.confirmTitle);
  await expect(confirm.getByText(list)).toBeVisible();
  await expect(confirm.getByText(SHOT_TEXTS.contacts(contacts), { exact: true })).toBeVisible();
  const sent = page.waitForResponse((r) => /\/api\/mkt\/sms\/campaign\/send\/\d+$/.test(r.url()));
  await confirm.getByRole('button', { name: SHOT_TEXTS.sendNow }).click();
  expect((await sent).status()).toBe(200);
  await expect(notice(page, SHOT_TEXTS.sendingNow)).toBeVisible();
  await expect(page).toHaveURL(/\/disparos\/sms\/enviados$/);
  await closeNotices(page);
}

test.describe('Marketing › Disparos de SMS', () => {
  test('settings, compose with a merge tag and accents, fix to GSM-7, draft, schedule and unschedule, send, outbox marks and SAIR, details tabs, a second SMS without the SAIR', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const tag = unique();
    const { list, people } = await smsListOfFour(request, tag);
    const [ana, bruno, carla] = people as [SmsPerson, SmsPerson, SmsPerson, SmsPerson];
    const identification = `Gab. Demo ${tag}`;
    const axe: string[] = [];
    await login(page);

    // the SMS settings: the identification, and no quiet hours (the journey runs at any hour)
    await page.goto('/demo/marketing/disparos/sms/configuracoes');
    await expect(page.getByRole('heading', { name: SMS_TEXTS.settingsTitle })).toBeVisible();
    const identificationInput = page.getByLabel(SMS_TEXTS.identification, { exact: true });
    await expect(identificationInput).toBeVisible();
    await identificationInput.fill(identification);
    await page.getByRole('radio', { name: SMS_TEXTS.quietHoursOff }).check();
    await checkAccessible(page, 'configurações de SMS', axe);
    const savedSettings = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/sms/settings') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: SMS_TEXTS.save, exact: true }).click();
    expect((await savedSettings).status()).toBe(200);
    await expect(notice(page, SMS_TEXTS.settingsSaved)).toBeVisible();
    await closeNotices(page);

    // a new SMS to the list: the three mobiles count, the landline does not
    await newSmsTo(page, list, 3);
    await expect(page.getByText(`${SMS_TEXTS.identification}: ${identification}`)).toBeVisible();

    // the message: a merge tag from the menu at the cursor, accents that make it UCS-2
    const message = page.getByLabel(SMS_TEXTS.message, { exact: true });
    await message.fill('Olá ');
    await page.getByRole('button', { name: SHOT_TEXTS.mergeTags, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Primeiro nome {{primeiro_nome}}' }).click();
    await expect(message).toHaveValue('Olá {{primeiro_nome}}');
    await message.press('End');
    await message.pressSequentially(`, reunião amanhã às 19h na sede. ${tag}`);
    const accented = `Olá {{primeiro_nome}}, reunião amanhã às 19h na sede. ${tag}`;
    await expect(message).toHaveValue(accented);
    const counter = page.locator('#sms-counter');
    // one line (issue 40): the characters against the 160, the parts and why a part holds 70
    await expect(
      counter.getByText(/^\d+ de 160 caracteres · 1 parte \(acentos ou emoji: 70 por parte\)$/),
    ).toBeVisible();
    const culprits = page.getByRole('list', { name: SMS_TEXTS.ucs2Chars }).getByRole('listitem');
    await expect(culprits).toHaveText(['á', 'ã']);
    await expect(page.getByText(SMS_TEXTS.ucs2Because)).toBeVisible();
    await checkAccessible(page, 'editor de SMS (UCS-2)', axe);
    await page.screenshot({ path: `${SHOTS}/editor-ucs2-1280.png`, fullPage: true });

    // one click: letters without accents, back to GSM-7 and 160
    await page.getByRole('button', { name: SMS_TEXTS.fixToGsm }).click();
    const content = `Ola {{primeiro_nome}}, reuniao amanha às 19h na sede. ${tag}`;
    await expect(message).toHaveValue(content);
    await expect(counter.getByText(/^\d+ de 160 caracteres · 1 parte$/)).toBeVisible();
    await expect(page.getByRole('list', { name: SMS_TEXTS.ucs2Chars })).toHaveCount(0);
    await expect(page.getByRole('button', { name: SMS_TEXTS.fixToGsm })).toHaveCount(0);
    await expect(page.getByRole('figure', { name: SMS_TEXTS.phonePreview })).toContainText(
      `${identification}: Ola Ana, reuniao amanha`,
    );
    await checkAccessible(page, 'editor de SMS', axe);
    await page.screenshot({ path: `${SHOTS}/editor-1280.png`, fullPage: true });

    // save the draft: its URL gets the code
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/sms/campaign') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: SHOT_TEXTS.saveDraft }).click();
    expect((await created).status()).toBe(200);
    await expect(notice(page, SHOT_TEXTS.draftSaved)).toBeVisible();
    await expect(page).toHaveURL(/\/novo-envio\/SMS\/\d+$/);
    const code = Number(/\/(\d+)$/.exec(page.url())?.[1]);
    expect(code).toBeGreaterThan(0);
    await closeNotices(page);

    // schedule it for tomorrow 10:00, then unschedule it: back in the drafts
    await page.getByRole('button', { name: SHOT_TEXTS.schedule }).click();
    const schedule = modal(page, SHOT_EDITOR_TEXTS.scheduleTitle);
    await expect(schedule).toBeVisible();
    await schedule.getByLabel(SHOT_TEXTS.scheduleDate).fill(tomorrow());
    await schedule.getByLabel(SHOT_TEXTS.scheduleHour).fill('10:00');
    await schedule.getByRole('button', { name: 'Continuar' }).click();
    const confirmSchedule = modal(page, SHOT_TEXTS.confirmTitle);
    await expect(confirmSchedule.getByText(content)).toBeVisible();
    const scheduled = page.waitForResponse((r) => r.url().endsWith(`/sms/campaign/schedule/${code}`));
    await confirmSchedule.getByRole('button', { name: SHOT_TEXTS.schedule }).click();
    expect((await scheduled).status()).toBe(200);
    await expect(notice(page, SHOT_TEXTS.scheduled)).toBeVisible();
    await expect(page).toHaveURL(/\/disparos\/sms\/agendados$/);
    await closeNotices(page);
    const scheduledItem = shotItem(page, content);
    await expect(scheduledItem.getByText(SHOT_SCREEN_TEXTS.scheduledFor)).toBeVisible();
    const unscheduled = page.waitForResponse((r) => r.url().endsWith(`/sms/campaign/unschedule/${code}`));
    await scheduledItem
      .getByRole('button', { name: `${SHOT_TEXTS.unschedule} ${withMergeTagLabels(content)}` })
      .click();
    expect((await unscheduled).status()).toBe(200);
    await expect(scheduledItem).toHaveCount(0);
    await closeNotices(page);
    await page.goto('/demo/marketing/disparos/sms/rascunho');
    await expect(page.getByRole('heading', { name: `${SHOT_SCREEN_TEXTS.sms} - Rascunhos` })).toBeVisible();
    await shotItem(page, content)
      .getByRole('button', { name: `${SHOT_TEXTS.edit} ${withMergeTagLabels(content)}` })
      .click();

    // send it now from the draft: the confirm modal, then 'Enviado'
    await expect(page).toHaveURL(new RegExp(`/novo-envio/SMS/${code}$`));
    await expect(page.getByRole('heading', { name: SMS_TEXTS.editTitle })).toBeVisible();
    await expect(message).toHaveValue(content);
    await expect(page.locator('#sms-segment-count')).toHaveText(/^3 contatos/);
    await page.getByRole('button', { name: SHOT_TEXTS.sendNow }).click();
    await expect(modal(page, SHOT_TEXTS.confirmTitle)).toBeVisible();
    await checkAccessible(page, 'confirme os dados (SMS)', axe);
    await page.keyboard.press('Escape');
    await expect(modal(page, SHOT_TEXTS.confirmTitle)).toBeHidden();
    await sendNow(page, list, 3);
    // the list reloads every few seconds while the shot is sending
    await expect(shotItem(page, content).getByText(SHOT_STATUS_LABELS.SENT, { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await checkAccessible(page, 'SMS enviados', axe);

    // the outbox (SMS): three messages, the identification and each first name filled
    await page.goto('/demo/marketing/caixa-de-saida?canal=sms');
    await expect(page.getByRole('heading', { name: SHOT_SCREEN_TEXTS.outbox, level: 2 })).toBeVisible();
    for (const person of [ana, bruno, carla]) {
      await expect(
        page.getByRole('button', {
          name: SHOT_SCREEN_TEXTS.openMessage(SHOT_SCREEN_TEXTS.sms, person.shown),
        }),
      ).toHaveCount(1);
    }
    const anaSms = await openSms(page, ana);
    await expect(
      anaSms.getByText(`${identification}: Ola Ana, reuniao amanha às 19h na sede. ${tag}`),
    ).toBeVisible();
    await checkAccessible(page, 'SMS na caixa de saída', axe);
    await page.screenshot({ path: `${SHOTS}/outbox-sms-1280.png` });
    const marked = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/]+\/mark$/.test(r.url()));
    await anaSms.getByRole('button', { name: SHOT_SCREEN_TEXTS.markDelivered }).click();
    expect((await marked).status()).toBe(200);
    await expect(anaSms.getByText(OUTBOX_MARKS.delivered, { exact: true })).toBeVisible();
    await closeSms(page, anaSms);

    const brunoSms = await openSms(page, bruno);
    await expect(brunoSms.getByText(`${identification}: Ola Bruno, reuniao amanha`)).toBeVisible();
    const failed = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/]+\/mark$/.test(r.url()));
    await brunoSms.getByRole('button', { name: SHOT_SCREEN_TEXTS.markFailed }).click();
    expect((await failed).status()).toBe(200);
    await expect(brunoSms.getByText(OUTBOX_MARKS.failed, { exact: true })).toBeVisible();
    await closeSms(page, brunoSms);

    const carlaSms = await openSms(page, carla);
    await expect(carlaSms.getByText(`${identification}: Ola Carla, reuniao amanha`)).toBeVisible();
    await carlaSms.getByLabel(SHOT_OUTBOX_TEXTS.reply, { exact: true }).fill('SAIR');
    const replied = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/]+\/reply$/.test(r.url()));
    await carlaSms.getByRole('button', { name: SHOT_SCREEN_TEXTS.sendReply }).click();
    expect((await replied).status()).toBe(200);
    await expect(notice(page, SHOT_OUTBOX_TEXTS.replied)).toBeVisible();
    await expect(carlaSms.getByText(OUTBOX_MARKS.reply, { exact: true })).toBeVisible();
    await closeSms(page, carlaSms);
    await checkAccessible(page, 'caixa de saída (SMS)', axe);
    await page.screenshot({ path: `${SHOTS}/outbox-1280.png`, fullPage: true });

    // the details: the five SMS tabs
    await page.goto(`/demo/marketing/detalhes-envio/SMS/${code}`);
    await expect(page.getByRole('heading', { name: SHOT_SCREEN_TEXTS.detailsTitle })).toBeVisible();
    expect(await tabTotal(page, R.processed)).toBe(3);
    expect(await tabTotal(page, R.delivered)).toBe(1);
    await expect(page.getByRole('tabpanel', { name: R.delivered }).getByText(ana.shown)).toBeVisible();
    expect(await tabTotal(page, R.failed)).toBe(1);
    await expect(page.getByRole('tabpanel', { name: R.failed }).getByText(bruno.shown)).toBeVisible();
    expect(await tabTotal(page, R.dropped)).toBe(1);
    await expect(
      page.getByRole('tabpanel', { name: R.dropped }).getByText(SMS_TEXTS.droppedLandline),
    ).toBeVisible();
    expect(await tabTotal(page, R.unsubscribe)).toBe(1);
    await expect(page.getByRole('tabpanel', { name: R.unsubscribe }).getByText(carla.shown)).toBeVisible();
    await checkAccessible(page, 'detalhes do SMS', axe);
    await page.screenshot({ path: `${SHOTS}/details-1280.png`, fullPage: true });

    // 390 px: the editor and the details
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/demo/marketing/detalhes-envio/SMS/${code}`);
    expect(await tabTotal(page, R.processed)).toBe(3);
    await checkAccessible(page, 'detalhes do SMS (celular)', axe);
    await page.screenshot({ path: `${SHOTS}/details-390.png`, fullPage: true });

    // a second SMS to the same list: Carla replied SAIR, two mobiles left
    await newSmsTo(page, list, 2);
    const second = `Obrigado {{primeiro_nome}}! Ate a proxima. ${tag}`;
    await message.fill(second);
    await expect(counter.getByText(/^\d+ de 160 caracteres · 1 parte$/)).toBeVisible();
    await checkAccessible(page, 'editor de SMS (celular)', axe);
    await page.screenshot({ path: `${SHOTS}/editor-390.png`, fullPage: true });
    await sendNow(page, list, 2);
    const secondItem = shotItem(page, second);
    await expect(secondItem.getByText(SHOT_STATUS_LABELS.SENT, { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await secondItem
      .getByRole('button', { name: `${SHOT_TEXTS.viewReport} ${withMergeTagLabels(second)}` })
      .click();
    await expect(page).toHaveURL(/\/detalhes-envio\/SMS\/\d+$/);
    expect(await tabTotal(page, R.processed)).toBe(2);
    expect(await tabTotal(page, R.dropped)).toBe(2);
    await expect(page.getByRole('tabpanel', { name: R.dropped }).getByText(carla.shown)).toBeVisible();
    await expect(
      page.getByRole('tabpanel', { name: R.dropped }).getByText(SMS_TEXTS.droppedLandline),
    ).toBeVisible();
    expect(axe, 'violações de acessibilidade').toEqual([]);
  });
});
