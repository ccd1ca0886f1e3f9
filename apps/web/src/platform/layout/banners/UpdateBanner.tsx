import { useRegisterSW } from 'virtual:pwa-register/react';
import { MESSAGES } from '@mandato/domain/plain';
import { TopBanner } from './TopBanner.tsx';

/** Registers the offline worker (prompt mode); when a new version waits, offers to update. */
export function UpdateBanner() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <TopBanner tone="info" testId="update-banner" onClick={() => void updateServiceWorker(true)}>
      {MESSAGES.updateAvailable}
    </TopBanner>
  );
}
