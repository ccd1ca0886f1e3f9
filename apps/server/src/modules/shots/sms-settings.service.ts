import { parseQuietHours, type QuietHours } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { smsSettingsRepository } from './sms-settings.repository.ts';

/** The tenant's SMS settings as the editor, the freeze and the dispatch apply them. */
export interface SmsSettingsInEffect {
  /** what every SMS starts with; null until the tenant saved it (no SMS can be sent) */
  identification: string | null;
  /** the tenant's own ('off' or 'H-H'), null when it follows the server's default */
  quietHours: string | null;
  /** the window in effect (the tenant's, else `defaultQuietHours`) */
  quiet: QuietHours;
}

/** `defaultQuietHours`: SMS_QUIET_HOURS (config.sms.quietHours). */
export async function smsSettingsOf(
  ctx: TenantContext,
  defaultQuietHours: string,
): Promise<SmsSettingsInEffect> {
  const row = await smsSettingsRepository.find(ctx);
  const quietHours = row?.quiet_hours ?? null;
  return {
    identification: row?.sender_identification ?? null,
    quietHours,
    quiet: parseQuietHours(quietHours ?? defaultQuietHours) ?? 'off',
  };
}
