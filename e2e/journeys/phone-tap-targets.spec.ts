import fs from 'node:fs';
import { EMAIL_EDITOR_TEXTS, SHOT_EDITOR_TEXTS } from '@mandato/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { openAgenda } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { unique } from '../people-support.ts';
import { apiLogin, DEMO, login } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';
const SENDER = 'Gabinete Mandato Demo';

/** What a screen's tap targets measure, in the browser (issue 40 item 6, WCAG 2.2 2.5.5/2.5.8). */
interface TargetFigures {
  total: number;
  /** how many are 44 × 44 px or larger */
  large: number;
  /** below 24 × 24 px with no 24 px spacing circle free of other targets */
  tooSmall: string[];
  /** the smallest target, 'w×h name' */
  smallest: string;
  /** the targets under 44 × 44, 'w×h name' (to read in the journey's output) */
  under44: string[];
}

/**
 * Every visible interactive element of the page (buttons, links, inputs, selects, checkboxes,
 * role=button/tab/menuitem…), measured by its bounding box. A control antd draws inside a wrapper
 * (an input with its clear icon, a select, a checkbox with its label) is measured by the wrapper the
 * finger lands on. A target under 24 × 24 passes WCAG 2.5.8 only if a 24 px circle on its centre
 * touches no other target.
 */
async function measureTargets(page: Page): Promise<TargetFigures> {
  return page.evaluate(() => {
    const SELECTOR = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="combobox"]',
      '[tabindex="0"][data-navlink]',
    ].join(',');
    const WRAPPER =
      '.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-segmented-item, label';
    const seen = new Set<Element>();
    const targets: { el: Element; box: DOMRect; name: string }[] = [];
    for (const raw of document.querySelectorAll(SELECTOR)) {
      if (raw.closest('[aria-hidden="true"], [inert]')) continue;
      // the text editor's canvas and the map are their own worlds, not a list of controls
      if (raw.closest('.gjs-editor, .leaflet-container')) continue;
      const el = raw.closest(WRAPPER) ?? raw;
      if (seen.has(el)) continue;
      seen.add(el);
      if (!(el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (
        raw.getAttribute('aria-label') ||
        raw.getAttribute('title') ||
        el.textContent ||
        raw.getAttribute('placeholder') ||
        raw.className.toString()
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      targets.push({ el, box, name });
    }
    // a box inside another target's box (an icon button inside a wrapper) counts as that target
    const own = targets.filter(
      (t) => !targets.some((o) => o !== t && o.el !== t.el && o.el.contains(t.el) && o.el.matches(WRAPPER)),
    );
    const centre = (b: DOMRect) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    const distanceToBox = (p: { x: number; y: number }, b: DOMRect) =>
      Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right), Math.max(b.top - p.y, 0, p.y - b.bottom));
    const small = (b: DOMRect) => b.width < 24 - 0.5 || b.height < 24 - 0.5;
    const isLarge = (b: DOMRect) => b.width >= 44 - 0.5 && b.height >= 44 - 0.5;
    const large = own.filter((t) => isLarge(t.box)).length;
    const size = (t: { box: DOMRect; name: string }) =>
      `${Math.round(t.box.width)}×${Math.round(t.box.height)} ${t.name}`;
    const tooSmall: string[] = [];
    for (const t of own.filter((o) => small(o.box))) {
      const c = centre(t.box);
      const crowded = own.some((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        if (small(o.box)) return Math.hypot(c.x - centre(o.box).x, c.y - centre(o.box).y) < 24;
        return distanceToBox(c, o.box) < 12;
      });
      if (crowded) tooSmall.push(size(t));
    }
    const least = [...own].sort(
      (a, b) => Math.min(a.box.width, a.box.height) - Math.min(b.box.width, b.box.height),
    )[0];
    return {
      total: own.length,
      large,
      tooSmall,
      smallest: least ? size(least) : '',
      under44: own.filter((t) => !isLarge(t.box)).map(size),
    };
  });
}

/** Prints a screen's figures and holds them to issue 40's bar: ≥ 90 % at 44 px, none under 24 px. */
async function expectTappable(page: Page, screen: string) {
  const figures = await measureTargets(page);
  const share = figures.total ? figures.large / figures.total : 1;
  console.log(
    `[alvos 390 px] ${screen}: ${figures.large}/${figures.total} com 44×44 ou mais (${(share * 100).toFixed(1)} %), menor ${figures.smallest}; abaixo de 24: ${figures.tooSmall.length ? figures.tooSmall.join('; ') : 'nenhum'}`,
  );
  if (figures.under44.length) console.log(`  abaixo de 44: ${figures.under44.join(' | ')}`);
  expect(figures.total, `${screen}: alvos medidos`).toBeGreaterThan(0);
  expect.soft(figures.tooSmall, `${screen}: alvos abaixo de 24×24`).toEqual([]);
  expect.soft(share, `${screen}: parte dos alvos com 44×44 ou mais`).toBeGreaterThanOrEqual(0.9);
}

/** A saved e-mail draft and a saved SMS draft to a list of one, made by the API. */
async function drafts(request: APIRequestContext, tag: string) {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const person = await request.post('/api/people', {
    headers,
    data: { name: 'Ana Telefone', email: `ana.${tag}@exemplo.com.br`, cellphone: '(61) 98123-4567' },
  });
  expect(person.status(), await person.text()).toBe(200);
  const list = await request.post('/api/segments', {
    headers,
    data: {
      name: `Telefone ${tag}`,
      type: 'PERSON',
      expression: [{ units: [{ field: 'email', operator: 'CONTAINS', values: [`.${tag}@`] }] }],
    },
  });
  expect(list.status()).toBe(200);
  const segment = { segment: { code: (await list.json()).data.code } };
  const mktLogin = await request.post('/api/mkt/auth/login', { headers, data: { slug: DEMO.slug } });
  expect(mktLogin.status()).toBe(200);
  const mkt = { Authorization: `Bearer ${(await mktLogin.json()).data.data.token}`, 'X-Schema': DEMO.slug };
  const senders = await request.get('/api/mkt/senders?status=ACTIVE', { headers: mkt });
  const sender = ((await senders.json()).data.list as { code: number; name: string }[]).find(
    (s) => s.name === SENDER,
  );
  expect(sender).toBeDefined();
  const email = await request.post('/api/mkt/emails/campaign', {
    headers: mkt,
    data: {
      subject: `Boletim ${tag}`,
      htmlContent: '<p>Olá, {{primeiro_nome}}! Venha à audiência.</p>',
      senderCode: sender?.code,
      destination: segment,
    },
  });
  expect(email.status(), await email.text()).toBe(200);
  const sms = await request.post('/api/mkt/sms/campaign', {
    headers: mkt,
    data: { content: `Ola {{primeiro_nome}}, reuniao ${tag} amanha.`, destination: segment },
  });
  expect(sms.status(), await sms.text()).toBe(200);
}

/** Screenshots of a screen at 390 and 1280 px (the desktop keeps its look). */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/tap-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/tap-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
}

test.describe('O celular (issue 40 item 6)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('on a 390 px phone, ≥ 90 % of the targets of the people list, the e-mail and SMS shot lists and the agenda are 44 × 44 px, none under 24 × 24', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await drafts(request, unique());
    await login(page);

    await page.goto('/demo/pessoas');
    await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();
    await expect(page.getByTestId('record-card').first()).toBeVisible();
    await expectTappable(page, 'Pessoas');
    await expectAccessible(page, 'pessoas 390');
    await screenshots(page, 'pessoas');

    for (const [name, path] of [
      ['E-mail rascunhos', '/demo/marketing/disparos/email/rascunho'],
      ['E-mail enviados', '/demo/marketing/disparos/email/enviados'],
      ['SMS rascunhos', '/demo/marketing/disparos/sms/rascunho'],
      ['SMS enviados', '/demo/marketing/disparos/sms/enviados'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectTappable(page, name);
      await expectAccessible(page, `${name} 390`);
      await screenshots(page, name.toLowerCase().replace(/\s+/g, '-').replace('é', 'e'));
    }

    await openAgenda(page);
    await page.waitForLoadState('networkidle');
    await expectTappable(page, 'Agenda');
    await expectAccessible(page, 'agenda 390');
    await screenshots(page, 'agenda');
  });

  test('on a phone, a tap on a block of the e-mail editor adds it to the design', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page);
    await page.goto('/demo/marketing/novo-envio/EMAIL');
    const canvas = page.frameLocator('iframe.gjs-frame');
    const block = (label = '') =>
      page.locator('.gjs-block').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
    const divider = block(EMAIL_EDITOR_TEXTS.blocks.divider);
    // below 768 px the blocks panel opens over the canvas from the toolbar
    await page.getByRole('button', { name: SHOT_EDITOR_TEXTS.showPanel }).tap();
    await expect(divider).toBeVisible();
    const before = await canvas.locator('.divider').count();
    await divider.scrollIntoViewIfNeeded();
    await divider.tap();
    await expect(canvas.locator('.divider')).toHaveCount(before + 1);

    const text = block(EMAIL_EDITOR_TEXTS.blocks.text);
    await text.tap();
    await expect(canvas.locator('.divider')).toHaveCount(before + 1);
    await expect(canvas.getByText(EMAIL_EDITOR_TEXTS.starting.text)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/tap-editor-390.png`, fullPage: true });
  });
});
