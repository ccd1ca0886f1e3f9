import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { AuditView } from './AuditView.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));
vi.mock('../../platform/ui/download.ts', () => ({ saveBlob: saved }));
const mobile = vi.hoisted(() => ({ value: false }));
vi.mock('../../platform/layout/useIsMobile.ts', () => ({ useIsMobile: () => mobile.value }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const PAGE = {
  data: {
    total: 2,
    items: [
      {
        code: 'a1',
        at: '2026-03-11T02:30:00.000Z',
        user: { code: 'u1', name: 'Administradora' },
        action: 'EXPORT',
        subject: 'Exportação: Pessoas',
        detail: { kind: 'PERSON', rows: 3 },
      },
      {
        code: 'a2',
        at: '2026-03-10T12:00:00.000Z',
        user: null,
        action: 'BULK_DELETE',
        subject: '2 pessoas excluídas',
        detail: { count: 2 },
      },
    ],
  },
};

/** The query of every GET /api/audit so far. */
const auditQueries = () =>
  mocks.fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/audit')
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  mobile.value = false;
  mocks.fetch.mockReset();
  saved.mockReset();
  mocks.fetch.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/audit/export') return new Response('\uFEFFData;Usuário\r\n', { status: 200 });
    if (url.pathname === '/api/users/names') return json({ data: { list: [], total: 0 } });
    return json(PAGE);
  });
});

describe('AuditView', { timeout: 30_000 }, () => {
  it('lists the log with São Paulo dates, pt-BR actions and who acted', async () => {
    renderWithApp(<AuditView />);
    const exportRow = (await screen.findByText('Exportação: Pessoas')).closest('tr') as HTMLElement;
    expect(within(exportRow).getByText('10/03/2026 23:30')).toBeTruthy();
    expect(within(exportRow).getByText('Exportação')).toBeTruthy();
    expect(within(exportRow).getByText('Administradora')).toBeTruthy();
    const deleteRow = screen.getByText('2 pessoas excluídas').closest('tr') as HTMLElement;
    expect(within(deleteRow).getByText('Exclusão em massa')).toBeTruthy();
    expect(within(deleteRow).getByText('Sistema')).toBeTruthy();
    expect(auditQueries()[0]).toEqual({ page: '1', itemsPerPage: '20' });
  });

  it('on a phone, two columns that wrap: date over who acted, action over what it was about (issue 40)', async () => {
    mobile.value = true;
    renderWithApp(<AuditView />);
    const exportRow = (await screen.findByText('Exportação: Pessoas')).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Data e usuário',
      'Ação e assunto',
    ]);
    const [when, what] = within(exportRow).getAllByRole('cell');
    expect(when?.textContent).toBe('10/03/2026 23:30Administradora');
    expect(what?.textContent).toBe('ExportaçãoExportação: Pessoas');
    const deleteRow = screen.getByText('2 pessoas excluídas').closest('tr') as HTMLElement;
    expect(within(deleteRow).getByText('Sistema')).toBeTruthy();
  });

  it('filters by action from the first page', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditView />);
    await screen.findByText('Exportação: Pessoas');
    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByTitle('Alteração de permissões'));
    await waitFor(() =>
      expect(auditQueries().at(-1)).toEqual({ action: 'PERMISSION_CHANGE', page: '1', itemsPerPage: '20' }),
    );
  });

  it("'Exportar CSV' downloads the filtered log as auditoria.csv and reloads the list", async () => {
    renderWithApp(<AuditView />);
    await screen.findByText('Exportação: Pessoas');
    const before = auditQueries().length;
    fireEvent.click(screen.getByRole('button', { name: /Exportar CSV/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[1]).toBe('auditoria.csv');
    const exportCall = mocks.fetch.mock.calls.find(([url]) => String(url).startsWith('/api/audit/export'));
    expect(String(exportCall?.[0])).toBe('/api/audit/export');
    await waitFor(() => expect(auditQueries().length).toBeGreaterThan(before));
  });
});
