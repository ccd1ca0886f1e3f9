import { z } from 'zod';
import type { AreaRule } from '../access/modules.ts';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { onlyDigits } from './validators.ts';

/**
 * The main menu's quick actions (spec 1 §2 "Main menu"): search people by name, e-mail or phone,
 * add a person, add a company. All three are CRM work: the CRM module and ROLE_CRM (companies are
 * CRM data too); the search (GET /people/quick-search) applies the ROLE_CRM_ALL_DATA visibility
 * rule on the server.
 */
export const QUICK_ACTIONS_RULE: AreaRule = { module: 'crm', roles: ['ROLE_CRM'] };

/** Results shown by the quick search: one page of the autocomplete size (spec 2 §9). */
export const QUICK_SEARCH_ITEMS = 20;
/** A phone is searched from this many typed digits on (a shorter tail matches a crowd). */
export const QUICK_SEARCH_MIN_PHONE_DIGITS = 4;
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

/** Characters a phone is typed with besides its digits: '+55 (61) 98498-4562', '61 98498.4562'. */
const PHONE_TEXT = /^[\d\s()+.-]+$/;

/**
 * The digits to look up as a phone, or null when the text is not one: only digits and a mask's
 * characters, at least QUICK_SEARCH_MIN_PHONE_DIGITS digits (a shorter tail matches a crowd). The
 * country code 55 (typed after '+', or ahead of a number too long to be a national one) and a
 * trunk 0 ahead of a full number are dropped: phones are stored as 10 or 11 national digits.
 */
export function quickSearchPhone(text: string): string | null {
  const value = text.trim();
  if (!PHONE_TEXT.test(value)) return null;
  let digits = onlyDigits(value);
  if ((value.startsWith('+') || digits.length > 11) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length > 10) digits = digits.replace(/^0+/, '');
  return digits.length >= QUICK_SEARCH_MIN_PHONE_DIGITS ? digits : null;
}

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
  phoneTwo: z.string().nullable(),
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
