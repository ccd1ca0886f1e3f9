import { z } from 'zod';
import { hasControlCharacters } from './control-characters.ts';
import { MESSAGES } from './messages.ts';

export { hasControlCharacters };

/** A text field: `z.string(params)` that refuses control characters ('Caracteres de controle…'). */
export const textSchema = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v), MESSAGES.controlCharacters);

/** What `textSchema` lets through that one line never holds: tab, newline, carriage return, Unicode line and paragraph separators. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** Text with no line break, tab or other control character. */
export const isSingleLine = (value: string): boolean =>
  !hasControlCharacters(value) && !LINE_BREAK.test(value);

/**
 * A one-line text field (a subject, a name, a title, a slug): `textSchema`, trimmed, then a tab, newline,
 * carriage return or line separator inside it refused ('Use uma só linha…'). A break kept in a stored
 * subject or sender name reaches the e-mail's headers and every screen that shows it.
 */
export const singleLineTextSchema = (params?: string | z.core.$ZodStringParams) =>
  textSchema(params)
    .trim()
    .refine((v) => !LINE_BREAK.test(v), MESSAGES.singleLine);
