import type { DonationInvoice, DonationListQuery } from '@mandato/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { DonationsTable } from './DonationsTable.tsx';

const QUERY: DonationListQuery = { page: 1, itemsPerPage: 10, orderBy: 'date', ascending: false };
const ITEMS: DonationInvoice[] = [
  {
    date: '2026-11-25T15:30:00.000Z',
    donorName: 'Bruno Lima',
    cpfMasked: '***.456.789-**',
    email: 'bruno@example.com',
    phoneMasked: '(**) *****-4321',
    valueCents: 106400,
    status: 'PAID',
  },
  {
    date: '2026-11-25T16:00:00.000Z',
    donorName: 'Carla Dias',
    cpfMasked: '***.111.222-**',
    email: 'carla@example.com',
    phoneMasked: '(**) ****-9876',
    valueCents: 1999,
    status: 'PENDING',
  },
];

describe('DonationsTable', { timeout: 30_000 }, () => {
  it('shows the masked CPF and phone, the value in reais from cents and Paga/Pendente', () => {
    renderWithApp(<DonationsTable items={ITEMS} total={2} loading={false} query={QUERY} onQuery={vi.fn()} />);
    const [paid, pending] = screen.getAllByRole('row').slice(1);
    expect(within(paid as HTMLElement).getByText('***.456.789-**')).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByText('(**) *****-4321')).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByText('R$ 1.064,00')).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByText('Paga')).toBeInTheDocument();
    expect(within(pending as HTMLElement).getByText('R$ 19,99')).toBeInTheDocument();
    expect(within(pending as HTMLElement).getByText('Pendente')).toBeInTheDocument();
    expect(screen.queryByText(/\d{3}\.\d{3}\.\d{3}-\d{2}/)).not.toBeInTheDocument();
  });

  it("shows each date in Brasília time, not the browser's (issue 39 item 12)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      renderWithApp(
        <DonationsTable items={ITEMS} total={2} loading={false} query={QUERY} onQuery={vi.fn()} />,
      );
      const [paid, pending] = screen.getAllByRole('row').slice(1);
      // 15:30 and 16:00 UTC: a UTC browser read them as such with dayjs
      expect(within(paid as HTMLElement).getByText('25/11/2026 12:30')).toBeInTheDocument();
      expect(within(pending as HTMLElement).getByText('25/11/2026 13:00')).toBeInTheDocument();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('asks the server for the order and page: a header click sorts from page 1, a page click keeps the order', async () => {
    const user = userEvent.setup();
    const onQuery = vi.fn();
    renderWithApp(
      <DonationsTable
        items={ITEMS}
        total={35}
        loading={false}
        query={{ ...QUERY, page: 2 }}
        onQuery={onQuery}
      />,
    );
    await user.click(screen.getByRole('columnheader', { name: 'Valor' }));
    expect(onQuery).toHaveBeenLastCalledWith({
      page: 1,
      itemsPerPage: 10,
      orderBy: 'valueCents',
      ascending: true,
    });
    await user.click(screen.getByTitle('3'));
    expect(onQuery).toHaveBeenLastCalledWith({
      page: 3,
      itemsPerPage: 10,
      orderBy: 'date',
      ascending: false,
    });
  });
});
