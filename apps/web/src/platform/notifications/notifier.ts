import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Lets code outside React (the api client, the 401 flow) show antd notices through the
 * App context (theme + locale). Until the bridge mounts, antd's static API is used.
 */
let notificationApi: NotificationInstance | null = null;
let messageApi: MessageInstance | null = null;

export function bindNoticeApis(notification: NotificationInstance, message: MessageInstance): void {
  notificationApi = notification;
  messageApi = message;
}

export function unbindNoticeApis(): void {
  notificationApi = null;
  messageApi = null;
}

export function notifications(): NotificationInstance {
  return notificationApi ?? staticNotification;
}

export function messages(): MessageInstance {
  return messageApi ?? staticMessage;
}
