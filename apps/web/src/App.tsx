import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { lazy } from 'react';
import { RouterProvider } from 'react-router';
import { DevBadge } from './platform/layout/banners/DevBadge.tsx';
import { UpdateBannerOnAppPages } from './platform/layout/banners/UpdateBanner.tsx';
import { QuickActionsSlot } from './platform/layout/menu/quickActionsSlot.ts';
import { NoticeHost } from './platform/notifications/NoticeHost.tsx';
import { router } from './platform/routing/router.ts';
import { useResponsiveTheme } from './platform/ui/phoneTargets.ts';
import { THEME } from './theme.ts';

/**
 * The part of antd's pt_BR locale the login route uses (password eye, notice close button); the
 * routes loaded on demand get the whole of it (platform/routing/LazyProviders.tsx), whose picker and
 * pagination texts would weigh on the first bundle.
 */
const LOGIN_LOCALE: Locale = {
  locale: 'pt-br',
  global: { placeholder: 'Por favor escolha', close: 'Fechar', show: 'Mostrar', hide: 'Ocultar' },
};

/** The main menu's quick actions (a CRM module the platform menu cannot import), loaded on demand. */
const QuickActionsMenu = lazy(() =>
  import('./modules/quick-actions/QuickActionsMenu.tsx').then((m) => ({ default: m.QuickActionsMenu })),
);

/**
 * Providers of every route: antd theme (pt-BR), notices top-right 4.5 s (NoticeHost), router; PWA
 * update banner, DEV badge. TanStack Query, antd's modal hooks, its full locale and dayjs come with
 * the routes loaded on demand (LazyProviders), not with the login.
 */
export function App() {
  // 44 px controls on a phone (WCAG 2.2 target size, issue 40)
  const theme = useResponsiveTheme(THEME);
  return (
    <ConfigProvider locale={LOGIN_LOCALE} theme={theme}>
      <NoticeHost>
        {import.meta.env.PROD && <UpdateBannerOnAppPages paths={router} />}
        <QuickActionsSlot.Provider value={QuickActionsMenu}>
          <RouterProvider router={router} />
        </QuickActionsSlot.Provider>
        <DevBadge />
      </NoticeHost>
    </ConfigProvider>
  );
}
