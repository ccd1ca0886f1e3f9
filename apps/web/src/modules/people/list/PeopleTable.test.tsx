import type { Person } from '@mandato/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { PeopleTable } from './PeopleTable.tsx';

const person = (code: number, over: Partial<Person>): Person => ({
  code,
  name: null,
  email: null,
  cellphone: null,
  phoneTwo: null,
  cpf: null,
  birthDate: null,
  nickname: null,
  gender: null,
  address: null,
  profession: null,
  company: null,
  godfather: null,
  votingZone: null,
  votingSection: null,
  notes: null,
  tags: [],
  vote: 'TO_CONQUER',
  influence: 0,
  emailStatus: 'VALID',
  smsStatus: 'VALID',
  isUser: false,
  user: null,
  createDate: '2026-11-01T12:00:00.000Z',
  createdBy: null,
  ...over,
});

const tags = (...names: string[]) => names.map((name, i) => ({ code: i + 1, name }));

function renderTable(rows: Person[]) {
  return renderWithApp(
    <PeopleTable
      rows={rows}
      total={rows.length}
      loading={false}
      page={1}
      ordering={{ criteria: 'name', ascending: true }}
      selected={[]}
      onSelect={vi.fn()}
      onPage={vi.fn()}
      onOrdering={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('PeopleTable columns', { timeout: 60_000 }, () => {
  it('sizes columns to their content: no cell ends in an ellipsis, names and e-mails are whole', () => {
    const { container } = renderTable([
      person(1, { name: 'Ana Farias Queiroz', email: 'ana.farias.queiroz.da.silva@exemplo.com.br' }),
      person(2, { name: 'Ana Farias Queiroz', email: 'ana.farias2@exemplo.com.br' }),
    ]);
    expect(container.querySelector('table')).toHaveStyle({ tableLayout: 'auto' });
    expect(container.querySelector('.ant-table-cell-ellipsis')).toBeNull();
    // the whole value is on screen, not behind a hover-only title
    expect(container.querySelectorAll('.ant-table-tbody [title]')).toHaveLength(0);
    const first = rowOf('ana.farias.queiroz.da.silva');
    expect(within(first).getByRole('button', { name: 'Ana Farias Queiroz' })).toBeInTheDocument();
    expect(first).toHaveTextContent('ana.farias.queiroz.da.silva@exemplo.com.br');
  });

  it('a long e-mail may go on after its @ or a dot before it, never inside a word', () => {
    renderTable([person(1, { name: 'Eduarda Nascimento', email: 'eduarda.nascimento144@exemplo.com.br' })]);
    const email = within(rowOf('Eduarda')).getByText(/eduarda\.nascimento144@/);
    expect(email.innerHTML).toBe('eduarda.<wbr>nascimento144@<wbr>exemplo.com.br');
  });

  it('a row with more tags than shown: its "+n" is a tab stop that shows every tag', async () => {
    renderTable([
      person(1, {
        name: 'Bruno Costa',
        tags: tags('Esporte', 'Saúde', 'Educação', 'Juventude', 'Liderança comunitária'),
      }),
    ]);
    within(rowOf('Bruno Costa'))
      .getByRole('button', { name: /^\+2 \(todas as tags: / })
      .focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Esporte, Saúde, Educação, Juventude, Liderança comunitária',
    );
  });

  it('an unnamed person reads [Sem Nome] and opens for edit', async () => {
    const onEdit = vi.fn();
    const row = person(7, { email: 'sem.nome@exemplo.com.br' });
    renderWithApp(
      <PeopleTable
        rows={[row]}
        total={1}
        loading={false}
        page={1}
        ordering={{ criteria: 'name', ascending: true }}
        selected={[]}
        onSelect={vi.fn()}
        onPage={vi.fn()}
        onOrdering={vi.fn()}
        onEdit={onEdit}
        onDelete={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '[Sem Nome]' }));
    expect(onEdit).toHaveBeenCalledWith(row);
  });
});
