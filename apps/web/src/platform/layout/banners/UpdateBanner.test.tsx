import { MESSAGES } from '@mandato/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';

const sw = vi.hoisted(() => ({ needRefresh: false, update: vi.fn(async (_reload?: boolean) => {}) }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: sw.update,
  }),
}));

const { UpdateBanner } = await import('./UpdateBanner.tsx');

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
});
