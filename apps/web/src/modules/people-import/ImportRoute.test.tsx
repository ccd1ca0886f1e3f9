import { MESSAGES, type Role } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { ImportRoute } from './ImportRoute.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

function openAs(permissions: Role[], path: string) {
  sessionStore.signIn(loginAnswer(permissions), 'demo');
  const router = createMemoryRouter(
    [
      {
        path: '/:slug',
        children: [
          { path: 'agenda', element: <p>pagina agenda</p> },
          { path: 'pessoas/importar/:type', element: <ImportRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithApp(<RouterProvider router={router} />);
  return router;
}

describe('the import route follows the role of its list', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setSchema(demoSchema);
    answerWith(mocks);
  });
  afterEach(() => {
    sessionStore.clear();
    mocks.fetch.mockReset();
  });

  it('ROLE_TEAM on the people import is warned and sent away, before any upload', async () => {
    const router = openAs(['ROLE_TEAM'], '/demo/pessoas/importar/pessoas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/agenda'));
    expect(await screen.findByText(MESSAGES.moduleForbidden)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Importar/ })).not.toBeInTheDocument();
  });

  it('ROLE_TEAM imports the team', async () => {
    openAs(['ROLE_TEAM'], '/demo/pessoas/importar/equipe');
    expect(await screen.findByRole('heading', { name: 'Importar Equipe' })).toBeInTheDocument();
  });

  it('ROLE_CRM imports people', async () => {
    openAs(['ROLE_CRM'], '/demo/pessoas/importar/pessoas');
    expect(await screen.findByRole('heading', { name: 'Importar Pessoas' })).toBeInTheDocument();
  });

  it('ROLE_CRM without ROLE_TEAM may not import the team', async () => {
    const router = openAs(['ROLE_CRM'], '/demo/pessoas/importar/equipe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/agenda'));
  });
});
