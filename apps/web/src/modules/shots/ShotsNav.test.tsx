import { SMS_TEXTS } from '@mandato/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../test/apiMock.ts';
import {
  answerMkt,
  openShotsCascader,
  renderMarketing,
  signInToMarketingForEachTest,
} from './test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));
const mobile = vi.hoisted(() => ({ value: false }));
vi.mock('../../platform/layout/useIsMobile.ts', () => ({ useIsMobile: () => mobile.value }));
/** the machine is shared: a screen may take more than the default second to answer */
const slow = { timeout: 15_000 };

const empty = () => ({ body: { data: { list: [], total: 0 } } });

describe('the /marketing side menu', { timeout: 30_000 }, () => {
  signInToMarketingForEachTest(mocks);
  beforeEach(() => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': empty,
      'GET /mkt/outbox': () => ({ body: { data: { inUse: true, list: [], total: 0 } } }),
    });
  });

  it('is 275 px wide with the E-mail and SMS groups open; an item opens its list', async () => {
    mobile.value = false;
    const user = userEvent.setup();
    renderMarketing('disparos');
    const nav = await screen.findByRole('navigation', { name: 'Menu de disparos' }, slow);
    expect(nav.querySelector('.ant-menu')).toHaveStyle({ width: '275px' });
    expect(within(nav).getAllByRole('menuitem', { name: 'Agendados' })).toHaveLength(2);
    expect(await within(nav).findByRole('menuitem', { name: 'Caixa de saída' }, slow)).toBeInTheDocument();
    await user.click(within(nav).getAllByRole('menuitem', { name: 'Rascunhos' })[1] as HTMLElement);
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/disparos/sms/rascunho');
    expect(screen.getByRole('heading', { name: 'SMS - Rascunhos' })).toBeInTheDocument();
  });

  it('the menu entry /marketing opens the sent e-mails', async () => {
    mobile.value = false;
    renderMarketing('');
    expect(await screen.findByRole('heading', { name: 'E-mail - Enviados' }, slow)).toBeInTheDocument();
    expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/demo\/marketing\/disparos$/);
  });

  it('below 768 px it is a cascading select with the same places', async () => {
    mobile.value = true;
    const user = userEvent.setup();
    renderMarketing('disparos/email/agendados');
    await screen.findByRole('combobox', { name: 'Menu de disparos' }, slow);
    expect(screen.queryByRole('navigation', { name: 'Menu de disparos' })).not.toBeInTheDocument();
    await openShotsCascader(user);
    await user.click(await screen.findByText('SMS', undefined, slow));
    // the second column is the SMS one (its settings item) before its 'Enviados' is picked: the
    // e-mail column it replaces has an 'Enviados' too
    expect(await screen.findByText(SMS_TEXTS.settingsTitle, undefined, slow)).toBeInTheDocument();
    await user.click(await screen.findByText('Enviados', undefined, slow));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/disparos/sms/enviados');
  });

  it("the e-mail group's 'Aniversariantes' area opens the birthday shots (e-mail only)", async () => {
    mobile.value = false;
    const user = userEvent.setup();
    renderMarketing('disparos');
    const nav = await screen.findByRole('navigation', { name: 'Menu de disparos' }, slow);
    // the SMS group has no birthday items
    expect(within(nav).getAllByRole('menuitem', { name: 'Aniversariantes' })).toHaveLength(1);
    await user.click(within(nav).getByRole('menuitem', { name: 'Aniversariantes' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent(
      '/demo/marketing/detalhes-envio/EMAIL/aniversariantes',
    );
  });

  it('below 768 px the cascading select reaches the birthday setting', async () => {
    mobile.value = true;
    const user = userEvent.setup();
    renderMarketing('disparos/email/enviados');
    await openShotsCascader(user);
    await user.click(await screen.findByText('E-mail de aniversário', undefined, slow));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/aniversariantes/configurar');
  });
});
