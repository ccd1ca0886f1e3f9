import { useRegisterSW } from 'virtual:pwa-register/react';
import { MESSAGES } from '@mandato/domain/plain';
import { useState, useSyncExternalStore } from 'react';
import { installsOfflineWorker } from '../../environment/offlineWorker.ts';
import { TopBanner } from './TopBanner.tsx';

/** What the banner reads of the router: the current path and its changes. */
export interface PathSource {
  subscribe(listener: () => void): () => void;
  readonly state: { readonly location: { readonly pathname: string } };
}

/**
 * The offline worker on the app's pages only: a standalone public page (sponsor sign-up, e-mail
 * links) registers none. Once registered on a page it stays for the session, wherever one goes next.
 */
export function UpdateBannerOnAppPages({ paths }: { paths: PathSource }) {
  const pathname = useSyncExternalStore(paths.subscribe, () => paths.state.location.pathname);
  const [registered, setRegistered] = useState(false);
  if (!registered && installsOfflineWorker(pathname)) setRegistered(true);
  return registered ? <UpdateBanner /> : null;
}

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
