import { shotMobile } from '@mandato/domain';
import { type Config, loadConfig } from '../../platform/config/config.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createDemoSender } from '../marketing/demo-sender.service.ts';
import { recipientCandidates } from '../people/recipients.lookup.ts';
import { insertSegment } from '../segments/segments.lookup.ts';
import { backdateDemoOptOuts, settleDemoShotDates } from '../shots/demo-shot-dates.service.ts';
import {
  type DemoRecipientEvents,
  demoAuthor,
  freezeDemoShot,
  insertDemoEmailShot,
  insertDemoSmsShot,
  recordDemoSend,
  saveDemoSmsSettings,
  scheduleDemoShot,
} from '../shots/demo-shots.service.ts';
import { optOut } from '../shots/shot-events.service.ts';
import { usersByCodes } from '../users/users.lookup.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the demo's e-mail shots are (the demo test reads these). */
export const DEMO_SHOTS = {
  domain: 'gabinete.demo.mandato.app',
  senderName: 'Gabinete Mandato Demo',
  senderPrefix: 'contato',
  listName: 'Boletim do mandato',
  /** people of the list who had unsubscribed before the sent shot (its 'Descartados' tab) */
  optedOut: 2,
  sent: 'Boletim do mandato — novembro',
  scheduled: 'Convite: audiência pública sobre saúde',
  draft: 'Prestação de contas do semestre',
} as const;

/** What the demo's SMS shots are (issue 27; the demo test reads these), to the same list. */
export const DEMO_SMS = {
  identification: 'Gab. Vereadora',
  /** people of the list who had replied SAIR to an earlier SMS (the sent shot's 'Descartados') */
  optedOut: 1,
  sent: 'Oi {{primeiro_nome}}! Sabado, 9h, mutirao de saude na praca central. Traga seu cartao do SUS.',
  draft: 'Atenção, {{primeiro_nome}}: a consulta sobre o orçamento de 2027 vai até sexta.',
  /** the carrier's answer of a failed send (the 'Falharam' tab) */
  failure: 'Número inexistente na operadora',
  accepted: 'Aceita pelo provedor',
} as const;

/** A simple newsletter: title, a paragraph with the first name, a link and a button. */
function newsletter(title: string, paragraph: string, button: string, url: string): string {
  return `<table style="width:100%;max-width:600px;margin:0 auto;font-family:Arial,sans-serif;color:#1f2937">
<tr><td style="padding:24px;background:#1d4ed8;color:#ffffff"><h1 style="margin:0;font-size:24px">${title}</h1></td></tr>
<tr><td style="padding:24px"><p style="font-size:16px;line-height:1.5">Olá, {{primeiro_nome}}! ${paragraph}</p>
<p style="font-size:16px">Saiba mais no <a href="${url}" style="color:#1d4ed8">site do mandato</a>.</p>
<p style="text-align:center;padding:16px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${button}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280">Gabinete Mandato Demo</td></tr>
</table>`;
}

/** The GrapesJS project the editor reopens: one page whose component is the newsletter's HTML. */
const designOf = (html: string) => ({ assets: [], styles: [], pages: [{ component: html }] });

const SITE = 'https://demo.mandato.app/';
const CONTENT = {
  sent: newsletter(
    'Boletim do mandato — novembro',
    'Neste mês aprovamos a emenda que leva mais médicos às unidades de saúde do bairro e abrimos a consulta sobre o orçamento de 2027.',
    'Ler o boletim completo',
    `${SITE}boletim/novembro`,
  ),
  scheduled: newsletter(
    'Audiência pública sobre saúde',
    'Queremos ouvir você: participe da audiência pública sobre a saúde da nossa cidade, na Câmara Municipal.',
    'Confirmar presença',
    `${SITE}agenda/audiencia-saude`,
  ),
  draft: newsletter(
    'Prestação de contas do semestre',
    'Veja como foram usados os recursos do gabinete e as emendas destinadas à nossa região neste semestre.',
    'Ver a prestação de contas',
    `${SITE}prestacao-de-contas`,
  ),
};

/**
 * The events of the sent shot's i-th recipient, in realistic proportions: about 5% bounce, the rest
 * delivered, 40% of those opened and a quarter of the openers clicked; one spam report and two
 * unsubscribes among the openers.
 */
function eventsOf(i: number, sentAt: Date): DemoRecipientEvents['events'] {
  const at = (hours: number) => new Date(sentAt.getTime() + hours * HOUR_MS + i * 60_000);
  if (i % 20 === 7) return [{ kind: 'bounce', message: '550 5.1.1 Caixa postal inexistente', at: at(0.05) }];
  const events: DemoRecipientEvents['events'] = [{ kind: 'delivered', at: at(0.02) }];
  if (i % 10 < 4 || i === 13) {
    events.push({ kind: 'open', at: at(2) });
    if (i % 10 === 0) events.push({ kind: 'click', url: `${SITE}boletim/novembro`, at: at(2.1) });
    if (i === 13) events.push({ kind: 'spam', at: at(3) });
    if (i === 2 || i === 21) events.push({ kind: 'unsubscribe', at: at(4) });
  }
  return events;
}

/**
 * The events of the sent SMS's i-th recipient: about 1 in 12 fails at the carrier, the rest are
 * delivered; the third one replies SAIR (opted out of the tenant's later SMS).
 */
function smsEventsOf(i: number, sentAt: Date): DemoRecipientEvents['events'] {
  const at = (minutes: number) => new Date(sentAt.getTime() + (minutes + i) * 60_000);
  if (i % 12 === 5) return [{ kind: 'bounce', message: DEMO_SMS.failure, at: at(1) }];
  const events: DemoRecipientEvents['events'] = [{ kind: 'delivered', at: at(1) }];
  if (i === 2) events.push({ kind: 'unsubscribe', at: at(30) });
  return events;
}

/**
 * The demo's e-mail shots (issue 26): a VALID sender domain and an ACTIVE sender, so the editor can
 * send at once; with `sample`, the list 'Boletim do mandato' (the sample's people with an e-mail) and
 * three shots to it: one SENT three days ago through the real freeze (credits debited, a few
 * opted-out addresses dropped) with outcomes on every report tab, one SCHEDULED four days ahead (its
 * firing job queued) and one DRAFT. Then the SMS side (issue 27): the tenant's SMS identification
 * (with or without `sample`), and to the same list one SMS SENT two days ago (an earlier SAIR
 * dropped, deliveries, carrier failures, a SAIR reply) and one SMS DRAFT.
 */
export async function seedDemoShots(
  db: Database,
  tenant: { id: string; slug: string },
  adminCode: string,
  options: { sample?: boolean; config?: Config; now?: Date } = {},
): Promise<void> {
  // the key that seals the DKIM key is the one the server will open it with (MARKETING_KEY or the
  // database's own); main.ts and the CLI seed with the process's configuration too
  const config = options.config ?? loadConfig();
  const admin = await withTenant(db, tenant.id, (ctx) => usersByCodes(ctx, [adminCode]));
  const adminId = admin.get(adminCode)?.id;
  if (!adminId) return;
  const senderId = await createDemoSender({ db, config }, tenant.id, String(adminId), {
    domain: DEMO_SHOTS.domain,
    name: DEMO_SHOTS.senderName,
    emailPrefix: DEMO_SHOTS.senderPrefix,
  });
  // the SMS identification too, so the SMS editor can send at once
  await withTenant(db, tenant.id, (ctx) =>
    saveDemoSmsSettings(ctx, DEMO_SMS.identification, String(adminId)),
  );
  if (!options.sample) return;
  const author = await demoAuthor(db, tenant.slug, String(adminId));
  if (!author) return;
  const now = options.now ?? new Date();
  const sentAt = new Date(now.getTime() - 3 * DAY_MS);
  const ids = await withTenant(db, tenant.id, async (ctx) => {
    const list = await insertSegment(
      ctx,
      {
        name: DEMO_SHOTS.listName,
        type: 'PERSON',
        expression: [{ units: [{ field: 'email', operator: 'CONTAINS', values: ['@'] }] }],
      },
      String(adminId),
    );
    const segment = { ...list, type: 'PERSON' as const };
    const people = await recipientCandidates(
      ctx,
      author,
      { type: 'PERSON', expression: segment.expression },
      null,
      DEMO_SHOTS.optedOut,
    );
    for (const p of people)
      if (p.email) await optOut(ctx, 'EMAIL', p.email, 'link', null, [String(p.personId)]);
    // someone further down the list had replied SAIR to an earlier SMS
    const [smsOptedOut] = await recipientCandidates(
      ctx,
      author,
      { type: 'PERSON', expression: segment.expression },
      people.at(-1)?.personId ?? null,
      DEMO_SMS.optedOut,
    );
    const mobile = shotMobile(smsOptedOut?.cellphone ?? null);
    if (mobile && smsOptedOut)
      await optOut(ctx, 'SMS', mobile, 'reply', null, [String(smsOptedOut.personId)]);
    const shot = (subject: string, html: string) =>
      insertDemoEmailShot(ctx, author, { subject, html, design: designOf(html), senderId, segment });
    const sent = await shot(DEMO_SHOTS.sent, CONTENT.sent);
    const scheduled = await shot(DEMO_SHOTS.scheduled, CONTENT.scheduled);
    await scheduleDemoShot(ctx, tenant.slug, scheduled, new Date(now.getTime() + 4 * DAY_MS));
    await shot(DEMO_SHOTS.draft, CONTENT.draft);
    const sms = (content: string) =>
      insertDemoSmsShot(ctx, author, { content, identification: DEMO_SMS.identification, segment });
    const smsSent = await sms(DEMO_SMS.sent);
    await sms(DEMO_SMS.draft);
    return { sent, smsSent };
  });
  const pending = await freezeDemoShot(db, tenant.id, author, ids.sent, sentAt);
  const events = pending.map((r, i) => ({ recipientId: r.id, events: eventsOf(i, sentAt) }));
  const finishedAt = new Date(sentAt.getTime() + 5 * 60_000);
  await withTenant(db, tenant.id, async (ctx) => {
    await recordDemoSend(ctx, ids.sent, sentAt, events, finishedAt);
    // written two hours before it went out; the addresses it dropped had opted out the day before
    await settleDemoShotDates(ctx, ids.sent, new Date(sentAt.getTime() - 2 * HOUR_MS), finishedAt);
    await backdateDemoOptOuts(ctx, null, new Date(sentAt.getTime() - DAY_MS));
  });
  await seedDemoSmsSend(db, tenant.id, author, ids.smsSent, new Date(now.getTime() - 2 * DAY_MS));
}

/** The SMS shot frozen (credits: recipients × its parts), sent at `sentAt`, with its outcomes. */
async function seedDemoSmsSend(
  db: Database,
  tenantId: string,
  author: NonNullable<Awaited<ReturnType<typeof demoAuthor>>>,
  shotId: string,
  sentAt: Date,
): Promise<void> {
  const pending = await freezeDemoShot(db, tenantId, author, shotId, sentAt, 'SMS');
  const events = pending.map((r, i) => ({ recipientId: r.id, events: smsEventsOf(i, sentAt) }));
  await withTenant(db, tenantId, async (ctx) => {
    // the SAIR reply: the number opted out of SMS as a reply (before the event's own record)
    const replied = pending[2];
    if (replied) await optOut(ctx, 'SMS', replied.address, 'reply', shotId);
    const finishedAt = new Date(sentAt.getTime() + 2 * 60_000);
    await recordDemoSend(ctx, shotId, sentAt, events, finishedAt, DEMO_SMS.accepted);
    // written an hour before it went out; the SAIR reply's opt-out when the reply came
    await settleDemoShotDates(ctx, shotId, new Date(sentAt.getTime() - HOUR_MS), finishedAt);
    const repliedAt = events[2]?.events.find((e) => e.kind === 'unsubscribe')?.at;
    if (repliedAt) await backdateDemoOptOuts(ctx, shotId, repliedAt);
  });
}
