import { HTML_BUDGET, UNTRUSTED_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { UntrustedRefusal } from '../untrusted/untrusted-refusal.ts';
import { cleanEmailStyle } from './email-css.ts';
import { prepareEmailHtml } from './email-html.ts';
import { checkHtmlBudget } from './html-budget.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** What the GrapesJS newsletter preset exports: a <style> block and a table layout. */
const NEWSLETTER = `<!DOCTYPE html><html><head><style>
  body { background-color: #eeeeee; }
  .container { width: 600px; background-color: #ffffff; }
  .title { color: #1a73e8; font-size: 24px; }
  .button { background-color: #1a73e8; color: #ffffff; padding: 10px 20px; }
</style></head><body>
<table class="container" align="center" cellpadding="0" cellspacing="0" border="0"><tbody>
  <tr><td class="title" valign="top">Olá, {{primeiro_nome}}!</td></tr>
  <tr><td><img src="https://cdn.exemplo.com/topo.png" alt="Topo" width="600"><img src="${PNG}" alt="pixel"></td></tr>
  <tr><td><p>Prestação de contas do mandato de {{data_atual}}.</p>
    <a class="button" href="https://exemplo.com/agenda?email={{email}}&amp;n={{nome_completo}}">Ver agenda</a>
    <a href="mailto:gabinete@exemplo.com">Fale conosco</a> <a href="tel:+556133334444">Ligue</a></td></tr>
</tbody></table></body></html>`;

describe('prepareEmailHtml', () => {
  it('inlines the <style> rules, keeps the table layout and the merge tags, and writes the text', () => {
    const { html, text } = prepareEmailHtml(NEWSLETTER);
    expect(html).not.toContain('<style');
    expect(html).not.toContain('class=');
    expect(html).toMatch(/<table[^>]*style="[^"]*width: 600px/);
    expect(html).toMatch(/<table[^>]*align="center"/);
    expect(html).toMatch(/<td[^>]*style="[^"]*color: #1a73e8/);
    expect(html).toMatch(/^<div style="background-color: #eeeeee;?">/);
    expect(html).toContain('Olá, {{primeiro_nome}}!');
    expect(html).toContain('href="https://exemplo.com/agenda?email={{email}}&amp;n={{nome_completo}}"');
    expect(html).toContain('href="mailto:gabinete@exemplo.com"');
    expect(html).toContain('href="tel:+556133334444"');
    expect(html).toContain('src="https://cdn.exemplo.com/topo.png"');
    expect(html).toContain(`src="${PNG}"`);

    expect(text).toContain('Olá, {{primeiro_nome}}!');
    expect(text).toContain('Prestação de contas do mandato de {{data_atual}}.');
    expect(text).toContain('Ver agenda [https://exemplo.com/agenda?email={{email}}&n={{nome_completo}}]');
    expect(text).not.toContain('<');
  });

  it('writes headings as the HTML does: their merge tags stay as the merge knows them (issue 39 item 5)', () => {
    const { text } = prepareEmailHtml(
      '<h1>Olá, {{primeiro_nome}}!</h1><h2>{{nome_completo}}</h2><h6><a href="https://x.example/P?e={{email}}">{{sobrenome}}</a></h6>',
    );
    expect(text).toContain('Olá, {{primeiro_nome}}!');
    expect(text).toContain('{{nome_completo}}');
    expect(text).toContain('{{sobrenome}} [https://x.example/P?e={{email}}]');
    expect(text).not.toMatch(/\{\{[A-Z_]+\}\}/);
  });

  it('removes scripts, handlers, javascript: URLs, forms, frames, SVG and unsafe images', () => {
    const { html, text } = prepareEmailHtml(`<html><head><script>alert(1)</script>
      <style>td { background-image: url(javascript:alert(1)); color: red; }</style></head><body>
      <table><tr><td onclick="alert(2)">célula</td></tr></table>
      <a href="javascript:alert(3)">a</a> <a href=" JaVaScRiPt:alert(4)">b</a> <a href="/relativo">c</a>
      <a href="data:text/html,<script>alert(5)</script>">d</a>
      <img src="x" onerror="alert(6)"><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">
      <img src="javascript:alert(7)">
      <svg><script>alert(8)</script><circle r="1"/></svg>
      <iframe src="https://mal.example"></iframe><object data="x"></object><embed src="x">
      <form action="https://mal.example"><input name="senha"><button>Enviar</button></form>
      <div style="width: expression(alert(9)); color: blue">e</div>
      <div style="behavior: url(x.htc); -moz-binding: url(https://mal.example/x.xml#x); margin: 0">f</div>
      <div style="background: u\\72 l(javascript:alert(10))">g</div>
      <p id="x" class="y" data-x="1" onmouseover="alert(11)">fim</p></body></html>`);
    expect(html).not.toMatch(/script|alert|onclick|onerror|onmouseover|iframe|object|embed|form|input|svg/i);
    expect(html).not.toMatch(/javascript|expression|behavior|binding|relativo|data:text|id=|class=|data-x/i);
    expect(html).toContain('<td style="color: red">célula</td>');
    expect(html).toContain('<div style="color: blue">e</div>');
    expect(html).toContain('<div style="margin: 0">f</div>');
    expect(html).toContain('<div>g</div>');
    expect(html).toContain('<a>a</a>');
    expect(html).not.toContain('<img');
    expect(text).toContain('célula');
    expect(text).not.toContain('alert');
  });

  it('refuses, with the limit in pt-BR, deep nesting and too many elements, merge tags or style rules', () => {
    const refused = (html: string, message: string) =>
      expect(() => prepareEmailHtml(html)).toThrow(new UntrustedRefusal(message));
    const depth = 200_000;
    refused(
      `${'<div>'.repeat(depth)}fundo${'</div>'.repeat(depth)}`,
      UNTRUSTED_MESSAGES.tooDeep(HTML_BUDGET.depth),
    );
    refused('<br>'.repeat(250_000), UNTRUSTED_MESSAGES.tooManyElements(HTML_BUDGET.elements));
    refused(
      '{{primeiro_nome}} '.repeat(HTML_BUDGET.mergeTags + 1),
      UNTRUSTED_MESSAGES.tooManyMergeTags(HTML_BUDGET.mergeTags),
    );
    refused(
      `<a href="https://x.example/?e={{email}}">a</a>`.repeat(HTML_BUDGET.mergeTags + 1),
      UNTRUSTED_MESSAGES.tooManyMergeTags(HTML_BUDGET.mergeTags),
    );
    refused(
      `<style>${'.a{color:red}'.repeat(HTML_BUDGET.styleRules + 1)}</style>`,
      UNTRUSTED_MESSAGES.tooManyStyleRules(HTML_BUDGET.styleRules),
    );
    const rules = `<style>${'.a{color:red}'.repeat(1_000)}</style>`;
    const elements = HTML_BUDGET.styleWork / 1_000;
    refused(
      `${rules}${'<br>'.repeat(elements)}`,
      UNTRUSTED_MESSAGES.tooMuchStyle(1_000, elements + 1, HTML_BUDGET.styleWork),
    );
    // a root tag of our own in the input is not taken
    expect(prepareEmailHtml('<mandato-root>a</mandato-root>b').html).toBe('ab');
    // at the budget: accepted (void elements do not nest)
    const nested = `${'<div>'.repeat(HTML_BUDGET.depth)}fundo${'</div>'.repeat(HTML_BUDGET.depth)}`;
    expect(prepareEmailHtml(nested).text).toBe('fundo');
  });

  it('counts the ancestors descendant selectors try, and refuses sibling selectors (issue 38)', () => {
    const refused = (html: string, message: string) =>
      expect(() => prepareEmailHtml(html)).toThrow(new UntrustedRefusal(message));
    const rules = (n: number, rule: (i: number) => string) =>
      `<style>${Array.from({ length: n }, (_, i) => rule(i)).join('')}</style>`;
    const nested = '<div>'.repeat(HTML_BUDGET.depth - 2);
    // 2,000 × 499 fits the old budget (rules × elements), but each rule tries the 98 ancestors of every <p>
    // (9.7–22 s in the pool before): refused as it is read
    const deep = rules(2_000, (i) => `section.c${i} p{color:red}`) + nested + '<p>x</p>'.repeat(400);
    const started = process.cpuUsage();
    refused(deep, UNTRUSTED_MESSAGES.tooMuchNestedStyle);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1_000);
    // the same rules over a shallow document fit
    expect(() =>
      checkHtmlBudget(rules(2_000, (i) => `section.c${i} p{color:red}`) + '<p>x</p>'.repeat(400)),
    ).not.toThrow();
    // child and adjacent combinators try one element: not counted; each selector of a group is
    expect(() =>
      checkHtmlBudget(rules(2_000, (i) => `section.c${i}>p+p{color:red}`) + nested + '<p>x</p>'.repeat(400)),
    ).not.toThrow();
    expect(() =>
      checkHtmlBudget(
        rules(1_000, (i) => `.a${i}, section.c${i} p{color:red}`) + nested + '<p>x</p>'.repeat(800),
      ),
    ).toThrow(new UntrustedRefusal(UNTRUSTED_MESSAGES.tooMuchNestedStyle));
    // general siblings and :has() grow with the square of a list (a few hundred <p>: seconds)
    for (const selector of ['.x ~ p', 'p~p', 'div:has(p)', 'a, .x ~ p', '@media (max-width: 600px) { .x ~ p'])
      refused(`<style>${selector}{color:red}</style><p>a</p>`, UNTRUSTED_MESSAGES.siblingSelectors);
    // `~=` is an attribute selector, and a comment may hold anything
    expect(
      prepareEmailHtml('<style>/* a ~ b */ p[title~="x"]{color:red}</style><p title="x">a</p>').html,
    ).toContain('color: red');
  });

  it('prepares a 1 MB newsletter in reasonable time', () => {
    const block = `<tr><td class="title" style="padding: 8px">Notícia {{primeiro_nome}} <a class="button" href="https://exemplo.com/n?e={{email}}">Leia</a></td></tr>`;
    const rows = block.repeat(Math.ceil((1024 * 1024) / block.length));
    const input = NEWSLETTER.replace('<tbody>', `<tbody>${rows}`);
    expect(input.length).toBeGreaterThan(1024 * 1024);
    prepareEmailHtml('<p>bibliotecas carregadas</p>');
    const started = process.cpuUsage(); // CPU, not wall time: the test machine is shared
    const { html, text } = prepareEmailHtml(input);
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    expect(html.split('{{primeiro_nome}}').length).toBeGreaterThan(6000);
    expect(text.length).toBeGreaterThan(100_000);
    expect(ms).toBeLessThan(15_000);
  }, 120_000);
});

describe('cleanEmailStyle', () => {
  it('keeps safe declarations, data: and http(s) backgrounds, and drops the dangerous ones', () => {
    expect(cleanEmailStyle('color: red; background: url("https://x.com/a.png")')).toBe(
      'color: red; background: url("https://x.com/a.png")',
    );
    expect(cleanEmailStyle(`background-image: url(${PNG}); padding: 0`)).toBe(
      `background-image: url(${PNG}); padding: 0`,
    );
    expect(cleanEmailStyle('background: url(/local.png); color: red')).toBe('color: red');
    expect(cleanEmailStyle('width: exp/**/ression(alert(1)); color: red')).toBe('color: red');
    expect(cleanEmailStyle('background: url( "java\\73 cript:alert(1)" )')).toBe('');
    expect(cleanEmailStyle('background: url(data:image/svg+xml;base64,PHN2Zz4=)')).toBe('');
  });
});
