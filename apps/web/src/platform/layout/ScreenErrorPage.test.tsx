import { MESSAGES } from '@mandato/domain';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { ScreenErrorPage } from './ScreenErrorPage.tsx';

function Broken(): never {
  throw new TypeError("Cannot read properties of null (reading 'cached')");
}

describe('ScreenErrorPage', () => {
  it('shows a screen that threw as a pt-BR message with Recarregar, not the router developer page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <ScreenErrorPage /> },
    ]);
    renderWithApp(<RouterProvider router={router} />);
    expect(await screen.findByText(MESSAGES.screenError)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.screenErrorHint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.reload })).toBeInTheDocument();
    expect(screen.queryByText(/Hey developer|Unexpected Application Error/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('cached') }),
    );
    logged.mockRestore();
  });
});
