import { ConfigProvider, message, notification } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import { type ReactNode, useContext, useEffect, useMemo } from 'react';
import { NOTIFICATION_CONFIG } from './config.ts';
import { bindNoticeApis, unbindNoticeApis } from './notifier.ts';

/** antd's own default: the modal hooks come with the routes loaded on demand (LazyProviders). */
const NO_MODAL = {} as ModalHookAPI;

/**
 * antd's <App> without its modal hooks (rc-dialog stays out of the login route's first bundle): the
 * `.ant-app` root (text colour and font), the notification (top right, 4.5 s) and message holders,
 * shared through App.useApp() and handed to non-React code (notifier.ts). The holders live above
 * the router, so a notice stays on screen across routes (e.g. 'Sessão Expirada!' over /login).
 */
export function NoticeHost({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(() => {
    bindNoticeApis(notificationApi, messageApi);
    return unbindNoticeApis;
  }, [notificationApi, messageApi]);
  const app = useMemo(
    () => ({ notification: notificationApi, message: messageApi, modal: NO_MODAL }),
    [notificationApi, messageApi],
  );
  return (
    <AppContext.Provider value={app}>
      <div className={[prefixCls, hashId, cssVarCls].filter(Boolean).join(' ')}>
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}
