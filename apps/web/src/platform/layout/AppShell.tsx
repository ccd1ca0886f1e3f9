import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../routing/FullPageSpin.tsx';
import { BannerStack } from './banners/BannerStack.tsx';
import { MainMenu } from './menu/MainMenu.tsx';
import { useIsMobile } from './useIsMobile.ts';
import './shell.css';

/** The signed-in shell: main menu, top banners and the page. */
export function AppShell() {
  const mobile = useIsMobile();
  return (
    <div className={mobile ? 'app-shell app-shell--mobile' : 'app-shell'}>
      {!mobile && <MainMenu mobile={false} />}
      <div className="app-shell__main">
        <BannerStack />
        <main className="app-shell__content">
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {mobile && <MainMenu mobile />}
    </div>
  );
}
