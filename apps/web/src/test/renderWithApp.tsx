import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import type { ReactElement } from 'react';
import { createQueryClient } from '../platform/api/queryClient.ts';
import { NoticeBridge } from '../platform/notifications/NoticeBridge.tsx';

/** Renders with the app's providers (antd pt-BR + App context, a fresh query client). */
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
