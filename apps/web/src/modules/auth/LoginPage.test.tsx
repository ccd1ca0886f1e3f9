import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { LoginPage } from './LoginPage.tsx';

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  return renderWithApp(<RouterProvider router={router} />);
}

describe('LoginPage', () => {
  it('shows the spec fields with Lembrar-me on by default', () => {
    renderLogin();
    expect(screen.getByLabelText('Domínio')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Lembrar-me' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/recuperar-senha',
    );
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('validates with the domain rules and messages', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getAllByText('Campo Obrigatório')).toHaveLength(3));
    await user.type(screen.getByLabelText('Domínio'), 'de mo');
    await user.type(screen.getByLabelText('E-mail'), 'nao-e-email');
    await waitFor(() => expect(screen.getByText('Valor não deve conter espaço!')).toBeInTheDocument());
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
  });

  it('ties each error text to its field (aria-invalid, aria-describedby) and clears it once valid', async () => {
    const user = userEvent.setup();
    renderLogin();
    const domain = screen.getByLabelText('Domínio');
    expect(domain).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(domain).toHaveAttribute('aria-invalid', 'true'));
    expect(domain).toHaveAccessibleDescription('Campo Obrigatório');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Campo Obrigatório');
    await user.type(domain, 'demo');
    expect(domain).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
