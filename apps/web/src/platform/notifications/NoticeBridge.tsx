import { App } from 'antd';
import { useEffect } from 'react';
import { bindNoticeApis, unbindNoticeApis } from './notifier.ts';

/** Mounted inside antd <App>: hands its notification/message instances to non-React code. */
export function NoticeBridge() {
  const { notification, message } = App.useApp();
  useEffect(() => {
    bindNoticeApis(notification, message);
    return unbindNoticeApis;
  }, [notification, message]);
  return null;
}
