import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../../test/apiMock.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { useConfirmExport } from './useConfirmExport.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
vi.mock('../../../platform/ui/download.ts', () => ({ saveBlob: saved }));

function Exporter() {
  const { confirm } = useConfirmExport();
  return (
    <Button onClick={() => confirm({ type: 'PERSON', expression: [], total: 3, segmentCode: 7 })}>
      Exportar
    </Button>
  );
}

const open = () => {
  renderWithApp(
    <MemoryRouter initialEntries={['/demo/pessoas']}>
      <Routes>
        <Route path="/:slug/pessoas" element={<Exporter />} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
};

beforeEach(() => {
  mocks.fetch.mockReset();
  saved.mockReset();
  mocks.fetch.mockImplementation(
    async () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200 }),
  );
});

describe('export confirmation: the file format', { timeout: 30_000 }, () => {
  it('exports CSV unless the spreadsheet is chosen', async () => {
    open();
    expect(await screen.findByRole('dialog', { name: 'Deseja realmente exportar 3 pessoas?' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Formato do arquivo' })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'CSV (texto separado por ponto e vírgula)' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(callOf(mocks).body).toEqual({ type: 'PERSON', expression: [], format: 'CSV', segmentCode: 7 });
    expect(saved.mock.calls[0]?.[1]).toBe('exportacao.csv');
  });

  it("asks for the XLSX and saves exportacao.xlsx when 'Planilha Excel' is chosen", async () => {
    open();
    fireEvent.click(
      await screen.findByRole('radio', { name: 'Planilha Excel (XLSX), que a importação lê de volta' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(callOf(mocks).body).toEqual({ type: 'PERSON', expression: [], format: 'XLSX', segmentCode: 7 });
    expect(saved.mock.calls[0]?.[1]).toBe('exportacao.xlsx');
  });
});
