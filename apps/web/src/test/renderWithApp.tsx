import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { type ReactElement, useEffect } from 'react';
import { createQueryClient } from '../platform/api/queryClient.ts';
import { bindNoticeApis, unbindNoticeApis } from '../platform/notifications/notifier.ts';

/** Hands antd <App>'s notices to non-React code, as NoticeHost does in the app. */
function NoticeBridge() {
  const { notification, message } = AntApp.useApp();
  useEffect(() => {
    bindNoticeApis(notification, message);
    return unbindNoticeApis;
  }, [notification, message]);
  return null;
}

/**
 * Renders with the app's providers (antd pt-BR + App context, a fresh query client). The app itself
 * splits them between NoticeHost (every route) and LazyProviders (routes loaded on demand); here
 * antd's own <App> stands for both.
 */
export function renderWithApp(ui: ReactElement) {
  const client = createQueryClient();
  return render(
    <ConfigProvider locale={ptBR}>
      <AntApp>
        <NoticeBridge />
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}
