import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { isQuickActionsShortcut } from './QuickActionsMenu.tsx';
import { QuickSearch } from './QuickSearch.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const person = (
  code: number,
  name: string | null,
  email: string | null,
  cellphone: string | null,
  phoneTwo: string | null = null,
) => ({ code, name, email, cellphone, phoneTwo });

beforeEach(() => {
  mocks.fetch.mockReset();
  mocks.fetch.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          data: {
            list: [
              person(7, 'Joana Quitéria', 'joana@exemplo.com', '61988776655'),
              person(9, null, 'sem.nome@quinta.org', null),
            ],
            more: true,
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
  );
});

describe('QuickSearch', () => {
  it('hints, searches once after typing stops, and opens the chosen person with the keyboard', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<QuickSearch onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Buscar por nome, e-mail ou telefone' });
    expect(box).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Comece a digitar');

    await user.type(box, 'qui');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Joana Quitériajoana@exemplo.com · (61) 98877-6655',
      'Sem nomesem.nome@quinta.org',
    ]);
    expect(mocks.fetch).toHaveBeenCalledTimes(1);
    const { url, method, body } = callOf(mocks);
    expect(`${method} ${url}`).toBe('GET /api/people/quick-search?searchString=qui');
    expect(body).toBeUndefined();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Há mais resultados: continue digitando para refinar',
    );
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(9);
  });

  it('sends a phone tail as typed and shows both phones of a person found by the second one', async () => {
    mocks.fetch.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            data: { list: [person(4, 'Fixo Sozinho', null, '61984984562', '6132214562')], more: false },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    renderWithApp(<QuickSearch onPick={vi.fn()} />);
    await user.type(screen.getByRole('combobox'), '2214-4562');
    const option = await screen.findByRole('option');
    expect(option).toHaveTextContent('Fixo Sozinho(61) 98498-4562 · (61) 3221-4562');
    expect(callOf(mocks).url).toBe('/api/people/quick-search?searchString=2214-4562');
  });

  it('says when nothing matches', async () => {
    mocks.fetch.mockImplementation(
      async () =>
        new Response(JSON.stringify({ data: { list: [], more: false } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const user = userEvent.setup();
    renderWithApp(<QuickSearch onPick={vi.fn()} />);
    await user.type(screen.getByRole('combobox'), 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nenhum item encontrado'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens on Ctrl+K and ⌘K only', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
    });
    expect(isQuickActionsShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isQuickActionsShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isQuickActionsShortcut(key('k'))).toBe(false);
    expect(isQuickActionsShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
