import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { RootLayout } from '../routing/RootLayout.tsx';
import { sessionStore } from '../session/sessionStore.ts';

/** A screen that names its tab itself once it knows more (the shot editor, the sponsor form). */
function OwnTitle() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Título próprio';
    return () => {
      document.title = previous;
    };
  }, []);
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/login', element: <p>login</p> },
          { path: '/:slug/pessoas/*', element: <p>pessoas</p> },
          { path: '/:slug/marketing/*', element: <OwnTitle /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  sessionStore.clear();
  document.title = 'Mandato';
});

describe('PageTitle (mounted by RootLayout)', () => {
  it('titles the tab from the path, with the signed-in tenant name', async () => {
    const router = renderAt('/login');
    expect(document.title).toBe('Entrar · Mandato');
    act(() => {
      sessionStore.signIn(loginAnswer(['ROLE_CRM']), demoSchema.slug);
      sessionStore.setSchema(demoSchema);
    });
    await act(() => router.navigate(`/${demoSchema.slug}/pessoas/equipe`));
    expect(document.title).toBe(`Equipe · ${demoSchema.name}`);
  });

  it("lets a screen's own title win, and takes the tab back when it closes", async () => {
    const router = renderAt('/demo/marketing/caixa-de-saida');
    expect(document.title).toBe('Título próprio');
    await act(() => router.navigate('/demo/pessoas'));
    expect(document.title).toBe('Pessoas · Mandato');
  });
});
