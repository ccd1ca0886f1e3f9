/**
 * Control characters other than tab, newline and carriage return (C0, DEL, C1). PostgreSQL
 * refuses NUL in text, and none of them belongs in what people type. No zod here: the web app's
 * login route checks its fields with it (plain.ts).
 */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTER.test(value);
