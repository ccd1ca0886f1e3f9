import { HTML_BUDGET, UNTRUSTED_MESSAGES } from '@mandato/domain';
import { Parser } from 'htmlparser2';
import { UntrustedRefusal } from '../untrusted/untrusted-refusal.ts';

export type HtmlBudget = { [K in keyof typeof HTML_BUDGET]: number };

const MERGE_TAG = /\{\{/g;
const mergeTags = (text: string) => text.match(MERGE_TAG)?.length ?? 0;
/** A `<style>` block's rules, counted by their opening braces (an at-rule's block counts as one more). */
const styleRules = (css: string) => css.split('{').length - 1;

/** General siblings (`~`, not `~=`) and `:has()`: their matching grows with the square of a list. */
const SIBLING_SELECTOR = /~(?!=)|:has\(/i;

/**
 * The descendant combinators of a `<style>` block's selectors (each one tries every ancestor of an
 * element its right part matches), or `undefined` when one uses a sibling selector. Each selector of
 * a group (`a b, c d`) counts; whitespace inside a pseudo-class's parentheses counts too (an excess,
 * on the safe side).
 */
function descendantCombinators(css: string): number | undefined {
  let count = 0;
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const match of withoutComments.matchAll(/(?:^|[{}])([^{}]*)(?=\{)/g)) {
    const group = (match[1] ?? '').trim();
    if (group.startsWith('@')) continue;
    if (SIBLING_SELECTOR.test(group)) return undefined;
    for (const selector of group.split(',')) {
      const compact = selector.trim().replace(/\s*([>+])\s*/g, '$1');
      count += compact.split(/\s+/).length - 1;
    }
  }
  return count;
}

/**
 * Reads the HTML once with a streaming tokenizer (no tree is built) and refuses it, as soon as one of
 * the budget's counts passes, with the limit's pt-BR text: what comes after in the pipeline (CSS
 * inlining matches each style rule against every element, and each descendant combinator against
 * the element's ancestors) costs with these counts.
 */
export function checkHtmlBudget(html: string, budget: HtmlBudget = HTML_BUDGET): void {
  let elements = 0;
  let depth = 0;
  /** the depth of every element, summed: the ancestors one descendant combinator may try */
  let depthSum = 0;
  let tags = 0;
  let rules = 0;
  let descendants = 0;
  let style: string | undefined;
  const refuse = (message: string): never => {
    throw new UntrustedRefusal(message);
  };
  const endStyle = () => {
    if (style === undefined) return;
    const found = descendantCombinators(style);
    if (found === undefined) refuse(UNTRUSTED_MESSAGES.siblingSelectors);
    descendants += found ?? 0;
    style = undefined;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++elements > budget.elements) refuse(UNTRUSTED_MESSAGES.tooManyElements(budget.elements));
        if (++depth > budget.depth) refuse(UNTRUSTED_MESSAGES.tooDeep(budget.depth));
        depthSum += depth;
        for (const value of Object.values(attributes)) tags += mergeTags(value);
        if (tags > budget.mergeTags) refuse(UNTRUSTED_MESSAGES.tooManyMergeTags(budget.mergeTags));
        if (name === 'style') style = '';
      },
      onclosetag() {
        depth--;
        endStyle();
      },
      ontext(text) {
        tags += mergeTags(text);
        if (tags > budget.mergeTags) refuse(UNTRUSTED_MESSAGES.tooManyMergeTags(budget.mergeTags));
        if (style === undefined) return;
        style += text;
        rules += styleRules(text);
        if (rules > budget.styleRules) refuse(UNTRUSTED_MESSAGES.tooManyStyleRules(budget.styleRules));
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  endStyle();
  if (rules * elements > budget.styleWork)
    refuse(UNTRUSTED_MESSAGES.tooMuchStyle(rules, elements, budget.styleWork));
  if (rules * elements + budget.ancestorStep * descendants * depthSum > budget.styleWork)
    refuse(UNTRUSTED_MESSAGES.tooMuchNestedStyle);
}
