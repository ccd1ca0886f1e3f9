import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareEmailHtml } from '../../platform/html/email-html.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { createShotTransport } from '../../platform/mail/shot-transport.ts';
import { enqueueShotLanes, shotStateOf } from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot, buildSendingDomain, type SendingDomain } from '../../test/shot-factories.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotDispatchHandler } from './shot-dispatch.job.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';

/**
 * Issue 39 item 5: the text/plain part of a sent shot reads as its HTML does. The text is written
 * from the HTML when the shot is saved (prepareEmailHtml) and merged per recipient when sent; the
 * headings were upper-cased at the save, merge tags with them ('OLÁ, {{PRIMEIRO_NOME}}!'), and the
 * merge, which knows only '{{primeiro_nome}}', left them in the message. The judge is mailparser,
 * reading the message the SMTP server received.
 */
const NEWSLETTER = `<html><body>
<h1>Olá, {{primeiro_nome}}!</h1>
<h2>Notícias de {{data_atual}} para {{nome_completo}}</h2>
<h3><a href="https://camara.example/Agenda?e={{email}}">Agenda de {{sobrenome}}</a></h3>
<table><tr><th>Convite a {{primeiro_nome}}</th></tr><tr><td>Audiência pública</td></tr></table>
<p>Até breve, {{primeiro_nome}}. <a href="https://camara.example/Pauta?quem={{email}}">Pauta</a></p>
</body></html>`;

const log = pino({ level: 'silent' });

describe(`the text part of a sent shot (${testEngine})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let domain: SendingDomain;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato da Vereadora Ana' });
    domain = await buildSendingDomain(t.app, tenant.id);
    smtp = await startSmtpServer();
  }, 180_000);
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  /** The shot of `text` (with the HTML above) sent to Maria Souza through SMTP, parsed by mailparser. */
  async function sentTo(address: string, text: string) {
    const { shotId } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: [address],
      names: ['Maria Souza'],
      subject: 'Olá, {{primeiro_nome}}',
      html: prepareEmailHtml(NEWSLETTER).html,
      text,
    });
    await enqueueShotLanes(t.db, tenant.id, shotId);
    const shotTransport = createShotTransport(
      { smtpUrl: undefined, marketing: { smtpUrl: smtp.url } },
      t.db,
      { timeoutMs: 20_000 },
    );
    const config = {
      ...t.app.config,
      marketing: { ...t.app.config.marketing, shotRates: { perTenant: 0, perDomain: 0 } },
    };
    const worker = new JobWorker(t.db, log, { pollMs: 20, batchSize: 4 });
    worker.register(
      shotDispatchQueue,
      shotDispatchHandler(
        { db: t.db, config, log, jobs: worker, shotTransport, smsTransport: t.app.smsTransport },
        { retryDelaysSeconds: [600], batchSize: 10 },
      ),
    );
    try {
      while ((await worker.drain()) > 0) {}
    } finally {
      shotTransport.close();
    }
    expect((await shotStateOf(t.db, tenant.id, shotId)).status).toBe('SENT');
    const received = smtp.received.filter((m) => m.to.includes(address));
    expect(received).toHaveLength(1);
    return simpleParser(received[0]?.raw ?? '');
  }

  const today = () => {
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
      .format(new Date())
      .split('-');
    return `${d}/${m}/${y}`;
  };

  it('fills every merge tag of the text written from the HTML: headings, table headers and links read as in the HTML', async () => {
    const { text } = prepareEmailHtml(NEWSLETTER);
    const mail = await sentTo('maria@destino.example', text);
    // the text is wrapped at 78 columns: read with the line breaks as spaces
    const plain = (mail.text ?? '').replace(/\s+/g, ' ');
    // the judge's reading of the text/plain part
    expect(plain).toContain('Olá, Maria!');
    expect(plain).toContain(`Notícias de ${today()} para Maria Souza`);
    expect(plain).toContain('Agenda de Souza [https://camara.example/Agenda?e=maria@destino.example]');
    expect(plain).toContain('Convite a Maria');
    expect(plain).toContain(
      'Até breve, Maria. Pauta [https://camara.example/Pauta?quem=maria@destino.example]',
    );
    expect(plain).not.toMatch(/\{\{|\}\}/);
    // and the HTML part says the same
    expect(mail.html).toContain('Olá, Maria!');
    expect(mail.subject).toBe('Olá, Maria');
  });

  it('a text saved before the fix (headings upper-cased with their tags) is filled too, in capitals', async () => {
    const mail = await sentTo(
      'maria.antiga@destino.example',
      'OLÁ, {{PRIMEIRO_NOME}}!\n\nNOTÍCIAS DE {{DATA_ATUAL}} PARA {{NOME_COMPLETO}} ({{EMAIL}}, {{SOBRENOME}})\n\nAté breve, {{primeiro_nome}}.',
    );
    const plain = mail.text ?? '';
    expect(plain).toContain('OLÁ, MARIA!');
    expect(plain).toContain(`NOTÍCIAS DE ${today()} PARA MARIA SOUZA (MARIA.ANTIGA@DESTINO.EXAMPLE, SOUZA)`);
    expect(plain).toContain('Até breve, Maria.');
    expect(plain).not.toMatch(/\{\{|\}\}/);
  });
});
