import { parseQuietHours, type QuietHours, type SmsSettings, type SmsSettingsAnswer } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { jobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { shotDispatchQueue, shotLanesPrefix } from './shot-dispatch.queue.ts';
import { shotDispatchRepository } from './shot-dispatch.repository.ts';
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

/** GET /mkt/sms/settings: the saved values and the server's default quiet hours. */
export async function getSmsSettings(ctx: RequestContext, _auth: AuthContext): Promise<SmsSettingsAnswer> {
  const row = await smsSettingsRepository.find(ctx);
  return {
    senderIdentification: row?.sender_identification ?? null,
    quietHours: row?.quiet_hours ?? null,
    defaultQuietHours: ctx.app.config.sms.quietHours,
  };
}

/** PUT /mkt/sms/settings: the identification and the quiet hours (null: the server's default). */
export async function saveSmsSettings(
  ctx: RequestContext,
  auth: AuthContext,
  body: SmsSettings,
): Promise<SmsSettingsAnswer> {
  await smsSettingsRepository.save(
    ctx,
    { sender_identification: body.senderIdentification, quiet_hours: body.quietHours },
    auth.user.id,
  );
  // the shots the old hours paused try again now: the new ones may no longer hold them, or end
  // sooner (a lane still inside the window pauses again until its new end)
  for (const shotId of await shotDispatchRepository.pausedShotIds(ctx, 'SMS'))
    await jobsRepository.runNow(ctx.trx, shotDispatchQueue.name, shotLanesPrefix(shotId));
  return getSmsSettings(ctx, auth);
}
