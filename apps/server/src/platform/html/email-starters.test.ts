import { EMAIL_STARTERS, HTML_BUDGET, MERGE_TAGS } from '@mandato/domain';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { prepareEmailHtml } from './email-html.ts';
import { checkHtmlBudget } from './html-budget.ts';

/** What a reader and a screen reader get of an HTML: headings, links (text and target), tags, roles. */
function outline(html: string) {
  const headings: string[] = [];
  const links: { href: string; text: string }[] = [];
  const roles: string[] = [];
  const headers: string[] = [];
  let lang: string | undefined;
  let images = 0;
  let open: { kind: 'h' | 'a'; text: string; href?: string } | undefined;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (lang === undefined && attrs.lang) lang = attrs.lang;
      if (attrs.role) roles.push(`${name}:${attrs.role}`);
      if (name === 'img') images++;
      if (name === 'th') headers.push(attrs.scope ?? '');
      if (/^h[1-6]$/.test(name)) open = { kind: 'h', text: `${name} ` };
      if (name === 'a') open = { kind: 'a', text: '', href: attrs.href ?? '' };
    },
    ontext(text) {
      if (open) open.text += text;
    },
    onclosetag(name) {
      if (!open) return;
      if (open.kind === 'h' && /^h[1-6]$/.test(name)) headings.push(open.text.replace(/\s+/g, ' ').trim());
      if (open.kind === 'a' && name === 'a')
        links.push({ href: open.href ?? '', text: open.text.replace(/\s+/g, ' ').trim() });
      if ((open.kind === 'h' && /^h[1-6]$/.test(name)) || (open.kind === 'a' && name === 'a'))
        open = undefined;
    },
  });
  parser.end(html);
  const tags = MERGE_TAGS.map((t) => t.tag).filter((tag) => html.includes(tag));
  return { headings, links, roles, headers, lang, images, tags };
}

/**
 * The starting designs of a new e-mail (issue 40 item 2) are saved as any HTML is: through the
 * server's sanitiser. Each one must come out meaning the same: its headings, its links with the
 * texts that say where they go, its merge tags, its language and its layout tables' role.
 */
describe('the starting designs through prepareEmailHtml', () => {
  it('are four: newsletter, invitation, accountability, birthday', () => {
    expect(EMAIL_STARTERS.map((s) => s.name)).toEqual([
      'Boletim',
      'Convite para evento',
      'Prestação de contas',
      'Aniversário',
    ]);
  });

  for (const starter of EMAIL_STARTERS) {
    describe(starter.name, () => {
      const before = outline(starter.html);
      const { html, text } = prepareEmailHtml(starter.html);
      const after = outline(html);

      it('stays within the HTML budget', () => {
        expect(() => checkHtmlBudget(starter.html)).not.toThrow();
        // far below it: a design leaves the team room to write
        let elements = 0;
        new Parser({ onopentag: () => elements++ }).end(starter.html);
        expect(elements).toBeLessThan(HTML_BUDGET.elements / 40);
      });

      it('keeps its headings, one h1 first', () => {
        expect(after.headings).toEqual(before.headings);
        expect(after.headings[0]).toMatch(/^h1 /);
        expect(after.headings.filter((h) => h.startsWith('h1 '))).toHaveLength(1);
      });

      it('keeps every link, each saying where it goes', () => {
        expect(after.links).toEqual(before.links);
        for (const link of after.links) {
          expect(link.href).toMatch(/^(https:\/\/example\.com\/|tel:)/);
          expect(link.text.length).toBeGreaterThan(8);
          expect(link.text).not.toMatch(/^(clique aqui|aqui|saiba mais|link)$/i);
        }
      });

      it('keeps its merge tags, in the HTML and in the text part', () => {
        expect(before.tags).toContain('{{primeiro_nome}}');
        expect(after.tags).toEqual(before.tags);
        for (const tag of before.tags) expect(text).toContain(tag);
      });

      it('keeps pt-BR, the layout tables as presentation and the data table headers; no image', () => {
        expect(after.lang).toBe('pt-BR');
        expect(after.roles).toEqual(before.roles);
        expect(after.roles.length).toBeGreaterThan(0);
        expect(after.headers).toEqual(before.headers);
        expect(before.images).toBe(0);
      });

      it('keeps its 600 px column and the columns that stack on a phone', () => {
        expect(html).toMatch(/max-width:\s*600px/);
        if (starter.html.includes('display:inline-block;vertical-align:top'))
          expect(html).toMatch(
            /display:\s*inline-block;\s*vertical-align:\s*top;\s*width:\s*100%;\s*max-width:/,
          );
      });
    });
  }

  it('keeps only a layout role: any other role is dropped', () => {
    const { html } = prepareEmailHtml(
      '<table role="presentation"><tr><td><a role="button" href="https://example.com/">Ir ao site</a></td></tr></table>',
    );
    expect(html).toContain('<table role="presentation">');
    expect(html).not.toContain('role="button"');
  });
});
