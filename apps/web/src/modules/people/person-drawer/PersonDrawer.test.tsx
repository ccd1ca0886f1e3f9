import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { PersonDrawer } from './PersonDrawer.tsx';

function open(type: 'PERSON' | 'TEAM') {
  renderWithApp(<PersonDrawer type={type} onClose={vi.fn()} onSaved={vi.fn()} />);
  return { save: () => screen.getByRole('button', { name: 'Salvar' }) };
}

describe('PersonDrawer', { timeout: 30_000 }, () => {
  it('titles a new contact and keeps Salvar disabled while invalid, with the spec messages', async () => {
    const user = userEvent.setup();
    const { save } = open('PERSON');
    expect(screen.getByText('Nova Pessoa')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dados Cadastrais' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Interações' })).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail'));
    expect(await screen.findByText('Informe no mínimo nome ou e-mail ou celular')).toBeInTheDocument();
    expect(screen.getByText('Preencha os campos corretamente para prosseguir')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Celular'), '81987654321');
    expect(screen.getByLabelText('Celular')).toHaveValue('(81) 98765-4321');
    expect(save()).toBeEnabled();
  });

  it('asks a team member for an e-mail', async () => {
    const user = userEvent.setup();
    const { save } = open('TEAM');
    expect(screen.getByText('Novo membro da equipe')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('E-mail'), 'a');
    await user.clear(screen.getByLabelText('E-mail'));
    expect(await screen.findAllByText('Informe um e-mail válido para prosseguir')).not.toHaveLength(0);
    expect(save()).toBeDisabled();
  });
});
