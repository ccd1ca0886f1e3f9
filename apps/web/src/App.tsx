import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { RouterProvider } from 'react-router';
import { queryClient } from './platform/api/queryClient.ts';
import { DevBadge } from './platform/layout/banners/DevBadge.tsx';
import { UpdateBanner } from './platform/layout/banners/UpdateBanner.tsx';
import { NOTIFICATION_CONFIG } from './platform/notifications/config.ts';
import { NoticeBridge } from './platform/notifications/NoticeBridge.tsx';
import { router } from './platform/routing/router.ts';
import { THEME } from './theme.ts';

/** Providers: antd (pt-BR, notices top-right 4.5 s), TanStack Query, router; PWA update banner, DEV badge. */
export function App() {
  return (
    <ConfigProvider locale={ptBR} theme={THEME}>
      <AntApp notification={NOTIFICATION_CONFIG}>
        <NoticeBridge />
        <QueryClientProvider client={queryClient}>
          {import.meta.env.PROD && <UpdateBanner />}
          <RouterProvider router={router} />
          <DevBadge />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
