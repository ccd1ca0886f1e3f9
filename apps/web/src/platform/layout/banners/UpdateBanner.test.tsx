import { MESSAGES } from '@mandato/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';

const sw = vi.hoisted(() => ({
  needRefresh: false,
  update: vi.fn(async (_reload?: boolean) => {}),
  register: vi.fn(),
}));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    ...sw.register(),
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: sw.update,
  }),
}));

const { UpdateBanner, UpdateBannerOnAppPages } = await import('./UpdateBanner.tsx');

/** A router's path as the banner reads it, moved by the test. */
function pathsAt(pathname: string) {
  const listeners = new Set<() => void>();
  return {
    state: { location: { pathname } },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(to: string) {
      this.state = { location: { pathname: to } };
      for (const listener of listeners) listener();
    },
  };
}

describe('UpdateBanner', () => {
  it('stays hidden while no new version waits', () => {
    sw.needRefresh = false;
    renderWithApp(<UpdateBanner />);
    expect(screen.queryByText(MESSAGES.updateAvailable)).toBeNull();
  });

  it('offers the waiting version and updates on click', () => {
    sw.needRefresh = true;
    renderWithApp(<UpdateBanner />);
    fireEvent.click(screen.getByText(MESSAGES.updateAvailable));
    expect(sw.update).toHaveBeenCalledWith(true);
  });

  it('registers no worker on a standalone public page, and does once the app is opened', () => {
    sw.needRefresh = true;
    sw.register.mockClear();
    const paths = pathsAt('/demo/convite/AbC123xyz');
    renderWithApp(<UpdateBannerOnAppPages paths={paths} />);
    expect(sw.register).not.toHaveBeenCalled();
    expect(screen.queryByText(MESSAGES.updateAvailable)).toBeNull();

    act(() => paths.go('/login'));
    expect(sw.register).toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.updateAvailable)).toBeTruthy();

    // registered for the session: a standalone page opened next keeps it
    act(() => paths.go('/descadastrar/Zx81'));
    expect(screen.getByText(MESSAGES.updateAvailable)).toBeTruthy();
  });

  it('registers the worker on the login page', () => {
    sw.needRefresh = false;
    sw.register.mockClear();
    renderWithApp(<UpdateBannerOnAppPages paths={pathsAt('/login')} />);
    expect(sw.register).toHaveBeenCalled();
  });
});
