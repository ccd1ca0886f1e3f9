/**
 * CPU per message of composing and DKIM-signing a shot's e-mail (issue 26's speed target), without
 * the network: `node --import tsx apps/server/src/platform/mail/shot-compose.bench.ts [messages]`.
 * Prints CPU ms per message of the raw RFC 5322 text, unsigned and signed, as the SMTP transport
 * sends it, and of nodemailer composing and signing the same message (what the transport did
 * before), on the same machine and load. (buildShotMessage, in modules/, measured 0.05 ms.)
 */
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { DkimKeyCache } from './dkim-signer.ts';
import { type ShotMessage, shotMailText } from './shot-transport.ts';

const COUNT = Number(process.argv[2] ?? 10_000);
/** as the SMTP transport keeps them: parsed once */
const dkimKeys = new DkimKeyCache();
const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const paragraph =
  '<p style="margin:0 0 12px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#333">Convidamos você, João, para a audiência pública sobre o orçamento do município, na Câmara, às 19h. Sua participação é importante para a nossa cidade.</p>';
const click = (linkId: string, target: string) =>
  `https://app.mandato.example/api/public/t/c/${linkId}?u=${encodeURIComponent(target)}&amp;s=Zm9vYmFyYmF6cXV4cXV1eA`;

/** A recipient's message as buildShotMessage makes it (merged, links signed, footer, pixel). */
const messageOf = (i: number): ShotMessage => {
  const linkId = `AbCdEfGhIjKlMnOpQr${String(i).padStart(4, '0')}`;
  const unsubscribe = `https://app.mandato.example/descadastrar/${linkId}`;
  return {
    from: { name: 'Gabinete da Vereadora Ana', address: 'contato@envio.exemplo.com.br' },
    to: `p${i}@d${i % 50}.exemplo.com.br`,
    subject: 'Olá, João — convite para a audiência pública de 10/03/2026',
    html: `<html><head><meta charset="utf-8"></head><body><div style="max-width:600px;margin:0 auto">${paragraph.repeat(6)}<p><a href="${click(linkId, 'https://camara.example/audiencia?x=1&y=2')}">Saiba mais</a> · <a href="${click(linkId, 'https://camara.example/agenda')}">Agenda</a></p></div><div style="margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:12px;color:#666;font-family:Arial,sans-serif"><p style="margin:0 0 4px">Você recebeu este e-mail de Gabinete da Vereadora Ana (Mandato da Vereadora Ana).</p><p style="margin:0"><a href="${unsubscribe}" style="color:#666">Não quero mais receber estes e-mails</a></p></div><img src="https://app.mandato.example/api/public/t/o/${linkId}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0"></body></html>`,
    text: `Olá, João da Silva!\n\n${'Convidamos você para a audiência pública sobre o orçamento do município, na Câmara, às 19h.\n'.repeat(6)}\n--\nVocê recebeu este e-mail de Gabinete da Vereadora Ana (Mandato da Vereadora Ana).\nNão quero mais receber estes e-mails: ${unsubscribe}\n`,
    messageId: `<${linkId}@envio.exemplo.com.br>`,
    dkim: { domainName: 'envio.exemplo.com.br', keySelector: 'mandato', privateKey },
    headers: {
      'List-Unsubscribe': `<https://app.mandato.example/api/public/unsubscribe/${linkId}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

/** CPU ms per message of `run` over COUNT messages (after a warm-up). */
async function cpuPerMessage(run: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await run(i);
  const before = process.cpuUsage();
  for (let i = 0; i < COUNT; i++) await run(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / COUNT;
}

const nodemailerStream = nodemailer.createTransport({ streamTransport: true, buffer: true });
const viaNodemailer = (i: number) => {
  const m = messageOf(i);
  return nodemailerStream.sendMail({
    from: m.from,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    messageId: m.messageId,
    headers: m.headers,
    dkim: m.dkim,
  });
};

const unsigned = (i: number) => {
  const m = messageOf(i);
  return shotMailText({ ...m, dkim: { ...m.dkim, privateKey: '' } }, new Date(), dkimKeys);
};

const results: [string, number][] = [
  ['the message object (no work: the loop and its strings)', await cpuPerMessage(messageOf)],
  ['+ raw MIME text, unsigned (mime-message.ts)', await cpuPerMessage(unsigned)],
  [
    '+ raw MIME text and DKIM: what the transport does now',
    await cpuPerMessage((i) => shotMailText(messageOf(i), new Date(), dkimKeys)),
  ],
  ['+ nodemailer compose and DKIM (before)', await cpuPerMessage(viaNodemailer)],
];
console.log(
  `${COUNT} messages, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
for (const [name, ms] of results) console.log(`${ms.toFixed(3)} ms CPU/msg  ${name}`);
