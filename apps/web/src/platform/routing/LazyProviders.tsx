import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Modal } from 'antd';
import AppContext from 'antd/es/app/context';
import ptBR from 'antd/locale/pt_BR';
import { type ReactNode, useMemo } from 'react';
import { queryClient } from '../api/queryClient.ts';
import { setupDates } from '../dates.ts';

setupDates();

/**
 * The providers the login route does without, around every route loaded on demand (lazyPages.ts):
 * antd's full pt-BR locale (pickers, pagination, tables, modals), dayjs in pt-BR, antd's modal hooks
 * (App.useApp().modal; notices come from NoticeHost above the router) and TanStack Query.
 */
export function LazyProviders({ children }: { children: ReactNode }) {
  const app = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const withModal = useMemo(() => ({ ...app, modal }), [app, modal]);
  return (
    <ConfigProvider locale={ptBR}>
      <AppContext.Provider value={withModal}>
        {modalHolder}
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppContext.Provider>
    </ConfigProvider>
  );
}
