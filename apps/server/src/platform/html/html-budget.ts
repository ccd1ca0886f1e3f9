import { HTML_BUDGET, UNTRUSTED_MESSAGES } from '@mandato/domain';
import { Parser } from 'htmlparser2';
import { UntrustedRefusal } from '../untrusted/untrusted-refusal.ts';

export type HtmlBudget = { [K in keyof typeof HTML_BUDGET]: number };

const MERGE_TAG = /\{\{/g;
const mergeTags = (text: string) => text.match(MERGE_TAG)?.length ?? 0;
/** A `<style>` block's rules, counted by their opening braces (an at-rule's block counts as one more). */
const styleRules = (css: string) => css.split('{').length - 1;

/**
 * Reads the HTML once with a streaming tokenizer (no tree is built) and refuses it, as soon as one of
 * the budget's counts passes, with the limit's pt-BR text: what comes after in the pipeline (CSS
 * inlining matches each style rule against every element) costs with these counts.
 */
export function checkHtmlBudget(html: string, budget: HtmlBudget = HTML_BUDGET): void {
  let elements = 0;
  let depth = 0;
  let tags = 0;
  let rules = 0;
  let inStyle = false;
  const refuse = (message: string): never => {
    throw new UntrustedRefusal(message);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++elements > budget.elements) refuse(UNTRUSTED_MESSAGES.tooManyElements(budget.elements));
        if (++depth > budget.depth) refuse(UNTRUSTED_MESSAGES.tooDeep(budget.depth));
        for (const value of Object.values(attributes)) tags += mergeTags(value);
        if (tags > budget.mergeTags) refuse(UNTRUSTED_MESSAGES.tooManyMergeTags(budget.mergeTags));
        inStyle = name === 'style';
      },
      onclosetag() {
        depth--;
        inStyle = false;
      },
      ontext(text) {
        tags += mergeTags(text);
        if (tags > budget.mergeTags) refuse(UNTRUSTED_MESSAGES.tooManyMergeTags(budget.mergeTags));
        if (!inStyle) return;
        rules += styleRules(text);
        if (rules > budget.styleRules) refuse(UNTRUSTED_MESSAGES.tooManyStyleRules(budget.styleRules));
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  if (rules * elements > budget.styleWork)
    refuse(UNTRUSTED_MESSAGES.tooMuchStyle(rules, elements, budget.styleWork));
}
