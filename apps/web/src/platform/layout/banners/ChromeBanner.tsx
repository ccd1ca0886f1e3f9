import { MESSAGES } from '@mandato/domain';
import { useMemo } from 'react';
import { currentBrowser, isChromeBrowser } from '../../environment/browser.ts';
import { TopBanner } from './TopBanner.tsx';

/** Non-Chrome browsers see a recommendation to use Chrome (spec 1 §1). */
export function ChromeBanner() {
  const isChrome = useMemo(() => isChromeBrowser(currentBrowser()), []);
  if (isChrome) return null;
  return (
    <TopBanner tone="info" testId="chrome-banner">
      {MESSAGES.chromeRecommended}
    </TopBanner>
  );
}
