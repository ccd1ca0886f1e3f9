import { type FilterExpression, type ShotType, smsWorstCase } from '@mandato/domain';
import { type AuthContext, accessContext } from '../../platform/auth/guard.ts';
import type { Database } from '../../platform/db/engine.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { prepareEmailHtml } from '../../platform/html/email-html.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import { debitMarketingCredits } from '../marketing/accounts.service.ts';
import { longestSmsMergeValues } from '../people/recipients.lookup.ts';
import { tenantBySlug } from '../tenants/tenants.lookup.ts';
import { userById } from '../users/users.lookup.ts';
import { demoShotsRepository } from './demo-shots.repository.ts';
import { recordShotEvent, type ShotEvent } from './shot-events.service.ts';
import { shotFreezeRepository } from './shot-freeze.repository.ts';
import { freezeBatch } from './shot-freeze.ts';
import { countRecipients } from './shot-recipients.ts';
import { shotScheduleQueue } from './shot-schedule.job.ts';
import { shotsRepository } from './shots.repository.ts';
import { smsSettingsRepository } from './sms-settings.repository.ts';

/*
 * Operator paths of the demo seed (modules/demo/demo-shots.ts): e-mail and SMS shots to look at in a fresh
 * demo, made by the same steps as the product's (the freeze's batches, the debit, the events'
 * recording), without the job worker: the seed runs before it starts.
 */

/** The author as the request path would see them (tenant, roles), for the freeze's visibility. */
export async function demoAuthor(
  db: Database,
  tenantSlug: string,
  userId: string,
): Promise<AuthContext | undefined> {
  const tenant = await tenantBySlug(db.kysely, tenantSlug);
  if (!tenant) return undefined;
  const user = await withTenant(db, tenant.id, (ctx) => userById(ctx, userId));
  return user ? { tenant, user, access: accessContext(tenant, user.permissions) } : undefined;
}

export interface DemoEmailShot {
  subject: string;
  /** the editor's HTML, prepared for e-mail as a save prepares it */
  html: string;
  /** the GrapesJS project the editor reopens, or null */
  design: unknown;
  senderId: string;
  /** a saved list of people or team */
  segment: { id: string; name: string; type: 'PERSON' | 'TEAM'; expression: FilterExpression };
}

/** A DRAFT e-mail shot, as the editor's save leaves it; its id. */
export async function insertDemoEmailShot(
  ctx: TenantContext,
  author: AuthContext,
  shot: DemoEmailShot,
): Promise<string> {
  const { segment } = shot;
  const list = { type: segment.type, expression: segment.expression };
  const prepared = prepareEmailHtml(shot.html);
  return shotsRepository.insert(
    ctx,
    'EMAIL',
    {
      subject: shot.subject,
      html_content: prepared.html,
      text_content: prepared.text,
      json_content: shot.design === null ? null : JSON.stringify(shot.design),
      content: null,
      image_preview: null,
      sender_id: shot.senderId,
      segment_id: segment.id,
      segment_name: segment.name,
      segment_type: segment.type,
      total_contacts: await countRecipients(ctx, author, list, 'EMAIL', undefined),
      sms_parts: null,
    },
    String(author.user.id),
  );
}

/** The tenant's SMS settings: its identification, the server's quiet hours. */
export function saveDemoSmsSettings(
  ctx: TenantContext,
  identification: string,
  userId: string,
): Promise<void> {
  return smsSettingsRepository.save(
    ctx,
    { sender_identification: identification, quiet_hours: null },
    userId,
  );
}

export interface DemoSmsShot {
  content: string;
  /** the tenant's identification, counted with the content as the save counts it */
  identification: string;
  segment: DemoEmailShot['segment'];
}

/** A DRAFT SMS shot, as the SMS editor's save leaves it (its parts counted); its id. */
export async function insertDemoSmsShot(
  ctx: TenantContext,
  author: AuthContext,
  shot: DemoSmsShot,
): Promise<string> {
  const { segment } = shot;
  const list = { type: segment.type, expression: segment.expression };
  const longest = await longestSmsMergeValues(ctx, author, list);
  return shotsRepository.insert(
    ctx,
    'SMS',
    {
      subject: null,
      html_content: null,
      text_content: null,
      json_content: null,
      content: shot.content,
      image_preview: null,
      sender_id: null,
      segment_id: segment.id,
      segment_name: segment.name,
      segment_type: segment.type,
      total_contacts: await countRecipients(ctx, author, list, 'SMS', undefined),
      sms_parts: smsWorstCase(shot.identification, shot.content, longest).parts,
    },
    String(author.user.id),
  );
}

/** DRAFT → SCHEDULED at `instant`, with its firing job (the worker fires it when the time comes). */
export async function scheduleDemoShot(
  ctx: TenantContext,
  tenantSlug: string,
  shotId: string,
  instant: Date,
): Promise<void> {
  await shotsRepository.transition(ctx, shotId, 'DRAFT', 'SCHEDULED', { schedule_date: instant });
  await enqueue(
    ctx.trx,
    shotScheduleQueue,
    { tenantId: ctx.tenantId, tenantSlug, shotId, scheduleDate: instant.toISOString() },
    { runAt: instant },
  );
}

/**
 * DRAFT → SENDING → frozen as the freeze job does it (its batches, each in its own transaction),
 * then the debit for the PENDING count (SMS: × the shot's parts) at `at` and the
 * shot started at `at`. No dispatch lane is enqueued: the demo records the sends itself
 * (`recordDemoSend`). The PENDING recipients.
 */
export async function freezeDemoShot(
  db: Database,
  tenantId: string,
  author: AuthContext,
  shotId: string,
  at: Date,
  channel: ShotType = 'EMAIL',
): Promise<{ id: string; address: string }[]> {
  await withTenant(db, tenantId, (ctx) => shotsRepository.transition(ctx, shotId, 'DRAFT', 'SENDING'));
  for (;;) {
    const outcome = await withTenant(db, tenantId, (ctx) => freezeBatch(ctx, author, shotId));
    if (outcome !== 'more') break;
  }
  return withTenant(db, tenantId, async (ctx) => {
    const pending = await demoShotsRepository.recipients(ctx, shotId, 'PENDING');
    const { dropped } = await shotFreezeRepository.counts(ctx, shotId);
    const parts = (await shotsRepository.find(ctx, channel, shotId))?.sms_parts ?? 1;
    await debitMarketingCredits(ctx, channel, pending.length * parts, `shot:${shotId}`, at);
    await shotsRepository.transition(ctx, shotId, 'SENDING', 'SENDING', {
      start_date: at,
      total_contacts: pending.length,
      total_dropped: dropped,
    });
    return pending;
  });
}

/** A recipient's events after its send (delivery, opens, clicks, bounce, spam, unsubscribe). */
export interface DemoRecipientEvents {
  recipientId: string;
  events: (ShotEvent & { at: Date })[];
}

/**
 * The frozen shot's sends as the dispatch records them (every PENDING recipient SENT at `sentAt`),
 * then each recipient's events as the relay and the tracking record them, then SENDING → SENT.
 */
export async function recordDemoSend(
  ctx: TenantContext,
  shotId: string,
  sentAt: Date,
  recipients: readonly DemoRecipientEvents[],
  finishedAt: Date,
  response = '250 2.0.0 Ok: queued',
): Promise<void> {
  await demoShotsRepository.markPendingSent(ctx, shotId, sentAt, response);
  for (const r of recipients)
    for (const { at, ...event } of r.events) await recordShotEvent(ctx, r.recipientId, event, at);
  await shotsRepository.transition(ctx, shotId, 'SENDING', 'SENT', { finished_at: finishedAt });
}
