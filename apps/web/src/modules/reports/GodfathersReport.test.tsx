import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { GodfathersReport } from './GodfathersReport.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  mocks.fetch.mockReset();
});

describe('GodfathersReport', { timeout: 30_000 }, () => {
  it('asks for the first page by totalAffiliates descending and shows reached over goal', async () => {
    answerWith(mocks, {
      data: {
        total: 2,
        list: [
          { code: 7, name: 'Renata Albuquerque', influence: 10, totalAffiliates: 6 },
          { code: 9, name: 'Sem Meta', influence: 0, totalAffiliates: 2 },
        ],
      },
    });
    renderWithApp(
      <MemoryRouter>
        <GodfathersReport base="/demo/relatorios" />
      </MemoryRouter>,
    );
    const renata = (await screen.findByText('Renata Albuquerque')).closest('tr') as HTMLElement;
    expect(within(renata).getByText('6 / 10')).toBeTruthy();
    expect(within(renata).getByText('60%')).toBeTruthy();
    const other = screen.getByText('Sem Meta').closest('tr') as HTMLElement;
    expect(within(other).getByText('2 / sem meta')).toBeTruthy();
    const url = new URL(String(mocks.fetch.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/reports/people/godfathers');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      itemsPerPage: '10',
      orderingCriteria: 'totalAffiliates',
      orderingAscending: 'false',
    });
  });
});
