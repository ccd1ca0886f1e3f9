import { shotsKeys } from './shotsKeys.ts';

/** Query keys of the SMS editor and settings, below `shotsKeys.all` (a save refreshes them too). */
export const smsKeys = {
  /** what the editor needs of a list: reachable people, longest merge values, a sample */
  listInfo: (segmentCode: number) => [...shotsKeys.all, 'sms-list-info', segmentCode] as const,
  /** the tenant's SMS settings (identification, quiet hours) */
  settings: () => [...shotsKeys.all, 'sms-settings'] as const,
};
