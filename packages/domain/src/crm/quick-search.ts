import { z } from 'zod';
import type { AreaRule } from '../access/modules.ts';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import type { FilterExpression, FilterUnit } from '../filter/expression.ts';

/**
 * The main menu's quick actions (spec 1 §2 "Main menu"): search people by name, e-mail or phone,
 * add a person, add a company. All three are CRM work: the CRM module and ROLE_CRM (companies are
 * CRM data too); the search (GET /people/quick-search) applies the ROLE_CRM_ALL_DATA visibility
 * rule on the server. quickSearchExpression is the same filter as a segment expression.
 */
export const QUICK_ACTIONS_RULE: AreaRule = { module: 'crm', roles: ['ROLE_CRM'] };

/** Results shown by the quick search: one page of the autocomplete size (spec 2 §9). */
export const QUICK_SEARCH_ITEMS = 20;
/** A phone is searched from this many typed digits on (fewer match almost every number). */
export const QUICK_SEARCH_MIN_PHONE_DIGITS = 3;
/** Longest text the search sends (the filter value limit is 200). */
export const QUICK_SEARCH_MAX_LENGTH = 100;

export const QUICK_ACTIONS_TEXTS = {
  title: 'Ações rápidas',
  /** keyboard shortcut, shown in the button's tooltip (aria-keyshortcuts "Control+K") */
  shortcut: 'Ctrl+K',
  searchPlaceholder: 'Buscar por nome, e-mail ou telefone',
  results: 'Pessoas encontradas',
  addPerson: 'Adicionar pessoa',
  addCompany: 'Adicionar local de votação',
  searchError: 'Falha ao buscar pessoas',
  noName: 'Sem nome',
  more: 'Há mais resultados: continue digitando para refinar',
} as const;

const unit = (field: string, operator: 'CONTAINS' | 'STARTS_WITH', value: string): FilterUnit => ({
  field,
  operator,
  values: [value],
});

/**
 * The filter of a quick search: the name contains the text, OR the e-mail starts with it, OR the
 * cellphone starts with its digits when it has at least 3 (masks typed or not: '(61) 9 88' finds
 * 6198…); a text without a letter is no name. E-mail and phone by their start: an index answers that at a million contacts under
 * row-level security, where "contains" reads every row (docs/decisions.md). Empty text: null.
 */
export function quickSearchExpression(text: string): FilterExpression | null {
  const value = text.trim().slice(0, QUICK_SEARCH_MAX_LENGTH);
  if (!value) return null;
  const units: FilterGroupUnits = [unit('email', 'STARTS_WITH', value)];
  if (/\p{L}/u.test(value)) units.unshift(unit('name', 'CONTAINS', value), 'OR');
  const digits = value.replace(/\D/g, '');
  if (digits.length >= QUICK_SEARCH_MIN_PHONE_DIGITS)
    units.push('OR', unit('cellphone', 'STARTS_WITH', digits));
  return [{ units }];
}

type FilterGroupUnits = (FilterUnit | 'AND' | 'OR')[];

/** GET /people/quick-search: the typed text (name, e-mail or phone). */
export const QuickSearchQuerySchema = z.strictObject({
  searchString: textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(QUICK_SEARCH_MAX_LENGTH, `Máximo de ${QUICK_SEARCH_MAX_LENGTH} caracteres`),
});

/** A quick search result: who it is and how to tell them apart. */
export const QuickPersonSchema = z.object({
  code: z.number(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  cellphone: z.string().nullable(),
});
export type QuickPerson = z.infer<typeof QuickPersonSchema>;

/**
 * The first 20 matches by name, and whether there are more: no exact total, which at 1,000,000
 * contacts costs seconds for a name-OR-e-mail text and is not what a search-as-you-type needs.
 */
export const QuickSearchAnswerSchema = z
  .object({ list: z.array(QuickPersonSchema), more: z.boolean() })
  .meta({ id: 'QuickSearchAnswer' });
export type QuickSearchAnswer = z.infer<typeof QuickSearchAnswerSchema>;
