import { UNSUBSCRIBE_TEXTS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { shotLinks } from './shot-links.ts';
import { buildShotMessage, rewriteLinks, type ShotTemplate } from './shot-message.ts';

const links = shotLinks('https://app.mandato.example/', Buffer.alloc(32, 7));
const linkId = 'AbCdEfGhIjKlMnOpQrStUv';
const template: ShotTemplate = {
  tenantId: '5',
  shotId: '9',
  subject: 'Olá, {{primeiro_nome}} — {{data_atual}}',
  html: '<html><body><p>Olá, {{nome_completo}}!</p><a href="https://camara.example/a?x=1&amp;y=2">A</a> <a class="b" href=\'http://b.example/\'>B</a> <a href="mailto:x@y.example">C</a> <a href="#topo">D</a></body></html>',
  text: 'Olá, {{nome_completo}}!',
  sender: {
    name: 'Gabinete da Vereadora',
    email: 'contato@gab.example',
    domainName: 'gab.example',
    dkimSelector: 'mandato',
  },
  dkimPrivateKey: 'PEM',
  mandate: 'Vereadora Ana',
};
const recipient = {
  id: '77',
  linkId,
  address: 'maria@destino.example',
  merge: {
    firstName: 'Maria',
    lastName: '<Souza>',
    fullName: 'Maria <Souza>',
    email: 'maria@destino.example',
  },
};
const now = new Date('2026-03-10T15:00:00Z');

describe('the message of one recipient', () => {
  const message = buildShotMessage(template, recipient, links, now);

  it('comes from the sender, with the Message-ID of the link id, the DKIM key and a trace', () => {
    expect(message.from).toEqual({ name: 'Gabinete da Vereadora', address: 'contato@gab.example' });
    expect(message.to).toBe('maria@destino.example');
    expect(message.messageId).toBe(`<${linkId}@gab.example>`);
    expect(message.dkim).toEqual({ domainName: 'gab.example', keySelector: 'mandato', privateKey: 'PEM' });
    expect(message.trace).toEqual({ tenantId: '5', shotId: '9', recipientId: '77' });
  });

  it('applies the merge tags: plain in subject and text, escaped in the HTML', () => {
    expect(message.subject).toBe('Olá, Maria — 10/03/2026');
    expect(message.text).toMatch(/^Olá, Maria <Souza>!/);
    expect(message.html).toContain('Olá, Maria &lt;Souza&gt;!');
    expect(message.html).not.toContain('<Souza>');
  });

  it('signs every http(s) link through the click redirect and leaves the others', () => {
    const a = links.click(linkId, 'https://camara.example/a?x=1&y=2').replace(/&/g, '&amp;');
    expect(message.html).toContain(`<a href="${a}">A</a>`);
    expect(message.html).toContain(
      `<a class="b" href="${links.click(linkId, 'http://b.example/').replace(/&/g, '&amp;')}">B</a>`,
    );
    expect(message.html).toContain('href="mailto:x@y.example"');
    expect(message.html).toContain('href="#topo"');
    expect(message.html).not.toContain('href="https://camara.example');
  });

  it('has an open pixel and a footer naming sender and mandate with a visible unsubscribe link, in both parts', () => {
    const footer = UNSUBSCRIBE_TEXTS.footer('Gabinete da Vereadora', 'Vereadora Ana');
    const page = links.unsubscribePage(linkId);
    expect(message.html).toContain(footer);
    expect(message.html).toContain(
      `<a href="${page}" style="color:#666">${UNSUBSCRIBE_TEXTS.footerLink}</a>`,
    );
    expect(message.html).toContain(`<img src="${links.openPixel(linkId)}"`);
    // inside the body, before it closes
    expect(message.html.indexOf(footer)).toBeLessThan(message.html.indexOf('</body>'));
    expect(message.text).toContain(footer);
    expect(message.text).toContain(`${UNSUBSCRIBE_TEXTS.footerLink}: ${page}`);
  });

  it('carries the RFC 8058 one-click headers', () => {
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<https://app.mandato.example/api/public/unsubscribe/${linkId}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a mandate or sender name with markup is escaped in the footer', () => {
    const hostile = buildShotMessage(
      { ...template, mandate: '<script>x</script>', sender: { ...template.sender, name: 'A "B" <i>' } },
      recipient,
      links,
      now,
    );
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('rewrites no link hidden in text, and an HTML without a body gets the footer at the end', () => {
    expect(rewriteLinks('<p>https://x.example</p>', () => 'Z')).toBe('<p>https://x.example</p>');
    const bare = buildShotMessage({ ...template, html: '<p>oi</p>' }, recipient, links, now);
    expect(bare.html.startsWith('<p>oi</p><div')).toBe(true);
  });
});
