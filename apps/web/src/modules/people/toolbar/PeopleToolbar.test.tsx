import type { Segment } from '@mandato/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule } from '../../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { PeopleToolbar } from './PeopleToolbar.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const segment: Segment = {
  code: 31,
  name: 'Apoiadores',
  type: 'PERSON',
  expression: [],
  total: 12,
  special: false,
};

function Location() {
  const location = useLocation();
  return <output aria-label="endereço">{`${location.pathname}${location.search}`}</output>;
}

function renderToolbar() {
  renderWithApp(
    <MemoryRouter initialEntries={['/demo/pessoas']}>
      <Routes>
        <Route
          path="/:slug/*"
          element={
            <PeopleToolbar
              segment={segment}
              expression={[]}
              total={12}
              mobile={false}
              selectedCount={0}
              view="list"
              onView={vi.fn()}
              onNew={vi.fn()}
              onBulkDelete={vi.fn()}
            />
          }
        />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

describe('PeopleToolbar shots', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setSchema(demoSchema));
  afterEach(() => sessionStore.clear());

  it("'Enviar e-mail' and 'Enviar SMS' open the shot editor with the list on screen preselected", async () => {
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
    const user = userEvent.setup();
    renderToolbar();
    await user.click(screen.getByRole('button', { name: /Enviar e-mail/ }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent(
      '/demo/marketing/novo-envio/EMAIL?segment=31',
    );
    await user.click(screen.getByRole('button', { name: /Enviar SMS/ }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/novo-envio/SMS?segment=31');
  });

  it('without ROLE_MARKETING there is no shot button', () => {
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    renderToolbar();
    expect(screen.queryByRole('button', { name: /Enviar e-mail/ })).not.toBeInTheDocument();
  });
});

describe('PeopleToolbar import and export', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setSchema(demoSchema));
  afterEach(() => sessionStore.clear());

  it("are offered on a list of the user's role", () => {
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    renderToolbar();
    expect(screen.getByRole('button', { name: /Importar/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });

  it('are not offered on a people list to a ROLE_TEAM user (the server refuses them)', () => {
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    renderToolbar();
    expect(screen.queryByRole('button', { name: /Importar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Novo Cadastro/ })).toBeInTheDocument();
  });
});
