import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { demoSchema, loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { sessionStore } from '../../session/sessionStore.ts';
import { MainMenu } from './MainMenu.tsx';
import { tenantInitials } from './tenantInitials.ts';

const ADMIN = [
  'ROLE_CRM',
  'ROLE_TEAM',
  'ROLE_MARKETING',
  'ROLE_REPORT',
  'ROLE_CONFIG',
  'ROLE_DONATION',
] as const;

function renderMenu(mobile: boolean) {
  const router = createMemoryRouter([{ path: '/:slug/agenda', element: <MainMenu mobile={mobile} /> }], {
    initialEntries: ['/demo/agenda'],
  });
  renderWithApp(<RouterProvider router={router} />);
}

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.signIn(loginAnswer([...ADMIN]), 'demo');
  sessionStore.setSchema({ ...demoSchema, logoUrl: '/api/logo.png' });
});
afterEach(() => sessionStore.clear());

describe('MainMenu on the phone', { timeout: 30_000 }, () => {
  it('holds five labelled cells and puts the rest and the profile under Mais', async () => {
    const user = userEvent.setup();
    renderMenu(true);
    const bar = screen.getByRole('navigation', { name: 'Menu principal' });
    const controls = [...bar.querySelectorAll('a, button')];
    expect(controls.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Pessoas',
      'Agenda',
      'Marketing',
      'Ações rápidas',
      'Mais',
    ]);
    for (const caption of ['Pessoas', 'Agenda', 'Marketing', 'Ações rápidas', 'Mais'])
      expect(within(bar).getByText(caption)).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Relatórios' })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Mais' }));
    const more = await screen.findByRole('dialog', { name: 'Mais' });
    for (const name of ['Relatórios', 'Emendas', 'Demandas', 'Doações', 'Configurações'])
      expect(within(more).getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href');
    expect(within(more).getByRole('link', { name: /Configurações/ })).toHaveAttribute('href', '/demo/admin');
    expect(within(more).getByRole('img', { name: `Logo de ${demoSchema.name}` })).toBeInTheDocument();
    expect(within(more).getByRole('menuitem', { name: /Meu Perfil/ })).toBeInTheDocument();
    expect(within(more).getByRole('menuitem', { name: /Sair/ })).toBeInTheDocument();
  });

  it('gives a team-only user the bar without quick actions, still with Mais', () => {
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    renderMenu(true);
    const bar = screen.getByRole('navigation', { name: 'Menu principal' });
    expect([...bar.querySelectorAll('a, button')].map((c) => c.getAttribute('aria-label'))).toEqual([
      'Pessoas',
      'Agenda',
      'Mais',
    ]);
  });
});

describe('MainMenu on the desktop', { timeout: 30_000 }, () => {
  it('collapsed, shows the tenant by its initials, and the logo at 200 × 50 on hover', async () => {
    const matchMedia = window.matchMedia;
    // a mouse: the menu's tooltips are only for pointers that hover (MenuTooltip)
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(hover: hover)' });
    onTestFinished(() => {
      window.matchMedia = matchMedia;
    });
    const user = userEvent.setup();
    renderMenu(false);
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    const mark = within(menu).getByRole('img', { name: demoSchema.name });
    expect(mark).toHaveTextContent(tenantInitials(demoSchema.name));
    // the 56 × 14 px logo is not squeezed into the 67 px column
    expect(within(menu).queryByRole('img', { name: `Logo de ${demoSchema.name}` })).not.toBeInTheDocument();
    await user.hover(mark);
    const logo = await within(await screen.findByRole('tooltip')).findByRole('img', {
      name: `Logo de ${demoSchema.name}`,
    });
    expect(logo).toHaveAttribute('src', '/api/logo.png');
    expect(logo).toHaveAttribute('width', '200');
    expect(logo).toHaveAttribute('height', '50');
  });

  it('without a logo, shows the initials collapsed and the name beside them expanded', async () => {
    const user = userEvent.setup();
    sessionStore.setSchema({ ...demoSchema, logoUrl: null });
    renderMenu(false);
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getByRole('img', { name: demoSchema.name })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Expandir menu' }));
    expect(within(menu).getByRole('img', { name: demoSchema.name })).toBeInTheDocument();
    expect(within(menu).getByText(demoSchema.name)).toBeInTheDocument();
  });

  it('expands to show the labels and the logo, and remembers it', async () => {
    const user = userEvent.setup();
    renderMenu(false);
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(menu).not.toHaveClass('main-menu--expanded');
    expect(within(menu).queryByText('Pessoas')).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Expandir menu' }));
    expect(menu).toHaveClass('main-menu--expanded');
    expect(within(menu).getByText('Pessoas')).toBeInTheDocument();
    expect(within(menu).getByRole('img', { name: `Logo de ${demoSchema.name}` })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Recolher menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(window.localStorage.getItem('mandato.menu.expanded')).toBe('1');
  });
});
