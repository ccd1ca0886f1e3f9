import { SHOT_SCREEN_TEXTS, type Shot } from '@mandato/domain';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import type { ApiMocks } from '../../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { mkt } from '../../marketing/mktClient.ts';
import { MarketingPage } from '../MarketingPage.tsx';

/**
 * Each test of the describe block starts signed in to 'demo' as a marketing user, with no marketing
 * token, no answers and no notices yet; it signs out after.
 */
export function signInToMarketingForEachTest(mocks: ApiMocks) {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
    mkt.reset();
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());
}

/** A shot as the API answers it; `over` sets what the test is about. */
export function shotOf(over: Partial<Shot> & Pick<Shot, 'code' | 'status'>): Shot {
  return {
    type: 'EMAIL',
    name: null,
    subject: `Assunto ${over.code}`,
    content: null,
    htmlContent: '<p>Olá</p>',
    jsonContent: null,
    imagePreview: null,
    sender: { code: 1, name: 'Gabinete', email: 'gabinete@demo.mandato.app' },
    destination: { segment: { code: 7, name: 'Apoiadores', query: null, type: 'PERSON' } },
    totalContacts: 0,
    totalDropped: 0,
    scheduleDate: null,
    startDate: null,
    totalDelivered: 0,
    totalOpened: 0,
    totalClicked: 0,
    errorReason: null,
    birthday: false,
    smsParts: null,
    pausedUntil: null,
    createDate: '2026-11-20T13:00:00.000Z',
    ...over,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers the marketing login, then each call by "METHOD path" (the path without the query, below
 * /api): a handler gives `{ status?, body }`; anything unhandled is a 404.
 */
export function answerMkt(
  mocks: ApiMocks,
  handlers: Record<string, (url: URL, body: unknown) => { status?: number; body: unknown }>,
) {
  mocks.fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://test');
    if (url.pathname.endsWith('/mkt/auth/login')) {
      return json({
        data: { data: { token: 'mkt', expiresAt: new Date(Date.now() + 900_000).toISOString() } },
      });
    }
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = handlers[key];
    if (!handler) return json({ message: 'Não encontrado' }, 404);
    const answer = handler(url, init?.body ? JSON.parse(String(init.body)) : undefined);
    return json(answer.body, answer.status ?? 200);
  });
}

function Location() {
  const location = useLocation();
  return <output aria-label="endereço">{`${location.pathname}${location.search}`}</output>;
}

/** The /marketing routes at `path` (below '/demo/marketing/'), with the current address shown. */
export function renderMarketing(path: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[`/demo/marketing/${path}`]}>
      <Routes>
        <Route path="/:slug/marketing/*" element={<MarketingPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

/**
 * Opens the cascading shots menu (below 768 px) once the outbox answer has given it its last entry.
 * rc-cascader puts its open columns back on the selected value each time it renders (it rebuilds
 * the value it compares on every render), and that answer renders it again: a column opened by a
 * click before the answer lands would close under the next click.
 */
export async function openShotsCascader(user: UserEvent) {
  const slow = { timeout: 5000 };
  await user.click(await screen.findByRole('combobox', { name: SHOT_SCREEN_TEXTS.navLabel }, slow));
  await screen.findByText(SHOT_SCREEN_TEXTS.outbox, undefined, slow);
}
