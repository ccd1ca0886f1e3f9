import { applyMergeTags, MERGE_TAGS, type MergeValues, UNSUBSCRIBE_TEXTS } from '@mandato/domain';
import { decodeAttribute, escapeAttribute } from '../../platform/html/html-attribute.ts';
import { type ShotMessage, shotMessageId } from '../../platform/mail/shot-transport.ts';
import type { ShotLinks } from './shot-links.ts';

/** What every recipient of a shot gets the same: the frozen content, its sender and the mandate. */
export interface ShotTemplate {
  tenantId: string;
  shotId: string;
  subject: string;
  html: string;
  text: string;
  sender: { name: string; email: string; domainName: string; dkimSelector: string };
  /** the sender domain's DKIM key as a PEM (opened once per lane run, outside any transaction) */
  dkimPrivateKey: string;
  /** the tenant's name: the footer says whose mandate sends */
  mandate: string;
}

export interface ShotRecipientToSend {
  id: string;
  linkId: string;
  address: string;
  merge: MergeValues;
}

/** Every http(s) href of an `<a>` through the signed click link of the recipient. */
export function rewriteLinks(html: string, rewrite: (target: string) => string): string {
  return html.replace(
    /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (whole, start: string, dq: string | undefined, sq: string | undefined) => {
      const target = decodeAttribute((dq ?? sq ?? '').trim());
      if (!/^https?:\/\//i.test(target)) return whole;
      return `${start}"${escapeAttribute(rewrite(target))}"`;
    },
  );
}

/** `addition` before `</body>` when the document has one, else at the end. */
function beforeBodyEnd(html: string, addition: string): string {
  const at = html.search(/<\/body\s*>/i);
  return at < 0 ? html + addition : html.slice(0, at) + addition + html.slice(at);
}

/** The merge tags as an upper-casing writer left them ('{{PRIMEIRO_NOME}}'). */
const UPPER_CASED_TAG = new RegExp(
  MERGE_TAGS.map((t) => t.tag.toUpperCase().replace(/[{}]/g, '\\$&')).join('|'),
  'g',
);

/**
 * The text part merged. A text written before issue 39 (item 5) has its headings upper-cased with
 * their tags ('OLÁ, {{PRIMEIRO_NOME}}!'): those are filled too, with the value in capitals, as the
 * heading reads ('OLÁ, MARIA!'). Texts written since keep the tags as the HTML has them.
 */
export function mergeTextPart(text: string, merge: MergeValues, now: Date): string {
  // one pass over the capital forms, before the merge: no value is read again as a tag
  const capitals = text.includes('{{')
    ? text.replace(UPPER_CASED_TAG, (upper) => {
        const tag = MERGE_TAGS.find((t) => t.tag.toUpperCase() === upper)?.tag ?? upper;
        return applyMergeTags(tag, merge, now).toUpperCase();
      })
    : text;
  return applyMergeTags(capitals, merge, now);
}

/**
 * The message of one recipient: merge tags applied (escaped in the HTML), links signed through the
 * click redirect, an open pixel, a footer naming the sender and the mandate with a visible
 * unsubscribe link (HTML and text), RFC 8058 one-click headers, and the Message-ID of its link id.
 */
export function buildShotMessage(
  template: ShotTemplate,
  recipient: ShotRecipientToSend,
  links: ShotLinks,
  now: Date,
): ShotMessage {
  const merge = recipient.merge;
  const unsubscribe = links.unsubscribePage(recipient.linkId);
  const footerLine = UNSUBSCRIBE_TEXTS.footer(template.sender.name, template.mandate);
  const htmlFooter =
    '<div style="margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:12px;color:#666;font-family:Arial,sans-serif">' +
    `<p style="margin:0 0 4px">${escapeAttribute(footerLine)}</p>` +
    `<p style="margin:0"><a href="${escapeAttribute(unsubscribe)}" style="color:#666">${escapeAttribute(UNSUBSCRIBE_TEXTS.footerLink)}</a></p>` +
    '</div>';
  const pixel = `<img src="${escapeAttribute(links.openPixel(recipient.linkId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  const body = rewriteLinks(applyMergeTags(template.html, merge, now, true), (target) =>
    links.click(recipient.linkId, target),
  );
  const text = `${mergeTextPart(template.text, merge, now)}\n\n--\n${footerLine}\n${UNSUBSCRIBE_TEXTS.footerLink}: ${unsubscribe}\n`;
  return {
    from: { name: template.sender.name, address: template.sender.email },
    to: recipient.address,
    subject: applyMergeTags(template.subject, merge, now),
    html: beforeBodyEnd(body, htmlFooter + pixel),
    text,
    messageId: shotMessageId(recipient.linkId, template.sender.domainName),
    dkim: {
      domainName: template.sender.domainName,
      keySelector: template.sender.dkimSelector,
      privateKey: template.dkimPrivateKey,
    },
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick(recipient.linkId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    trace: { tenantId: template.tenantId, shotId: template.shotId, recipientId: recipient.id },
  };
}
