import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { MainMenu } from '../layout/menu/MainMenu.tsx';
import { sessionStore } from '../session/sessionStore.ts';
import { ModuleGuard } from './ModuleGuard.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/:slug',
        children: [
          { path: 'agenda', element: <p>pagina agenda</p> },
          {
            path: 'marketing',
            element: (
              <ModuleGuard area="marketing">
                <p>pagina marketing</p>
              </ModuleGuard>
            ),
          },
          { path: 'menu', element: <MainMenu mobile={false} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithApp(<RouterProvider router={router} />);
  return router;
}

afterEach(() => sessionStore.clear());

describe('ModuleGuard', () => {
  it('warns and redirects a user without the module to the default route', async () => {
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    sessionStore.setSchema(demoSchema);
    const router = renderAt('/demo/marketing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/agenda'));
    expect(screen.getByText('pagina agenda')).toBeInTheDocument();
    expect(
      await screen.findByText('Você não tem permissão para acessar esse módulo, portanto será redirecionado'),
    ).toBeInTheDocument();
  });

  it('lets an allowed user in', async () => {
    sessionStore.signIn(loginAnswer(['ROLE_CRM', 'ROLE_MARKETING']), 'demo');
    sessionStore.setSchema(demoSchema);
    renderAt('/demo/marketing');
    expect(await screen.findByText('pagina marketing')).toBeInTheDocument();
  });
});

describe('MainMenu', () => {
  it('hides entries the user may not use', () => {
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    sessionStore.setSchema(demoSchema);
    renderAt('/demo/menu');
    expect(screen.getByRole('link', { name: 'Pessoas' })).toHaveAttribute('href', '/demo/pessoas');
    expect(screen.getByRole('link', { name: 'Agenda' })).toBeInTheDocument();
    for (const hidden of ['Marketing', 'Relatórios', 'Emendas', 'Demandas', 'Configurações']) {
      expect(screen.queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Nova versão' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Perfil' })).toBeInTheDocument();
  });

  it('shows every entry to the admin', () => {
    sessionStore.signIn(
      loginAnswer(['ROLE_CRM', 'ROLE_TEAM', 'ROLE_MARKETING', 'ROLE_REPORT', 'ROLE_CONFIG', 'ROLE_DONATION']),
      'demo',
    );
    sessionStore.setSchema(demoSchema);
    renderAt('/demo/menu');
    for (const label of [
      'Pessoas',
      'Agenda',
      'Marketing',
      'Relatórios',
      'Emendas',
      'Demandas',
      'Doações',
      'Configurações',
    ]) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Ações rápidas' })).toBeInTheDocument();
  });
});
