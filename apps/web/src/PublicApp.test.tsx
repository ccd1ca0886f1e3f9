import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, PublicProviders } from './PublicApp.tsx';

/** The page's module is imported on first use (lazy), slow on a busy machine. */
const LAZY_PAGE = { timeout: 20_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(PUBLIC_ROUTES, { initialEntries: [path] });
  render(
    <PublicProviders>
      <RouterProvider router={router} />
    </PublicProviders>,
  );
}

describe('public.html: the pages opened from a link outside the app', { timeout: 30_000 }, () => {
  it('shows the unsubscribe page with its tab title', async () => {
    renderAt('/descadastrar/nao-e-um-link');
    expect(await screen.findByText('Ops!', {}, LAZY_PAGE)).toBeInTheDocument();
    expect(document.title).toBe('Cancelar inscrição · Mandato');
  });

  it('shows the bare sponsor path its own page', async () => {
    renderAt('/demo/convite');
    expect(
      await screen.findByText('Este cadastro precisa de um link pessoal', {}, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(document.title).toBe('Cadastro por convite · Mandato');
  });

  it('calls the path it was loaded at, when it is none of its pages, not found (never reloads it)', async () => {
    renderAt(window.location.pathname);
    expect(await screen.findByText('Oops! Página não encontrada!')).toBeInTheDocument();
  });
});
