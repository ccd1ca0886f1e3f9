import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { ExportHistory } from './ExportHistory.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  mocks.fetch.mockReset();
});

describe('ExportHistory', { timeout: 30_000 }, () => {
  it('shows date, who, which list, rows and state of each export', async () => {
    answerWith(mocks, {
      data: {
        total: 2,
        list: [
          {
            code: 9,
            date: '2026-11-20T13:05:00.000Z',
            userName: 'Ana Lima',
            type: 'PERSON',
            listCode: 120,
            listName: 'Apoiadores',
            rows: 12345,
            status: 'DONE',
          },
          {
            code: 8,
            date: '2026-11-19T10:00:00.000Z',
            userName: null,
            type: 'PERSON',
            listCode: null,
            listName: null,
            rows: 10,
            status: 'INTERRUPTED',
          },
        ],
      },
    });
    renderWithApp(<ExportHistory type="PERSON" />);
    const first = (await screen.findByText('Apoiadores', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(first).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(first).getByText('12.345')).toBeInTheDocument();
    expect(within(first).getByText('Concluída')).toBeInTheDocument();
    const second = screen.getByText('Expressão avulsa').closest('tr') as HTMLElement;
    expect(within(second).getByText('Usuário removido')).toBeInTheDocument();
    expect(within(second).getByText('Interrompida')).toBeInTheDocument();
    for (const title of ['Data', 'Responsável', 'Lista', 'Registros', 'Situação']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
  });

  it("says 'Nenhuma exportação ainda' when there is none", async () => {
    answerWith(mocks);
    renderWithApp(<ExportHistory type="TEAM" />);
    expect(await screen.findByText('Nenhuma exportação ainda')).toBeInTheDocument();
  });
});
