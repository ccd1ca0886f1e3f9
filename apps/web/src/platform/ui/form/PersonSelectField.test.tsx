import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import type { Lookup } from '../autocomplete/lookup.ts';
import { PersonSelectField } from './PersonSelectField.tsx';

const PEOPLE = [
  { code: 7, name: 'Maria Souza' },
  { code: 9, name: 'João Lima' },
];

const lookup: Lookup = {
  search: vi.fn(async (text: string) => PEOPLE.filter((p) => p.name.includes(text))),
  names: vi.fn(async (codes: number[]) => PEOPLE.filter((p) => codes.includes(p.code))),
};

function Harness({ initial, onPick }: { initial?: number; onPick: (code?: number) => void }) {
  const [code, setCode] = useState(initial);
  return (
    <Form layout="vertical" component="div">
      <PersonSelectField
        label="Pessoa"
        lookup={lookup}
        value={code}
        onChange={(next) => {
          setCode(next);
          onPick(next);
        }}
        error={code === undefined ? 'Campo Obrigatório' : undefined}
      />
    </Form>
  );
}

describe('PersonSelectField', { timeout: 30_000 }, () => {
  it('searches as one types and gives the one code picked; its message shows under it', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderWithApp(<Harness onPick={onPick} />);
    expect(screen.getByText('Campo Obrigatório')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Pessoa' }), 'Maria');
    await user.click(await screen.findByText('Maria Souza'));
    expect(onPick).toHaveBeenLastCalledWith(7);
    await waitFor(() => expect(screen.queryByText('Campo Obrigatório')).not.toBeInTheDocument());
  });

  it('shows the name of a code it is given', async () => {
    renderWithApp(<Harness initial={9} onPick={vi.fn()} />);
    expect(await screen.findByText('João Lima')).toBeInTheDocument();
  });
});
