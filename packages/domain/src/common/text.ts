import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * Control characters other than tab, newline and carriage return (C0, DEL, C1). PostgreSQL
 * refuses NUL in text, and none of them belongs in what people type.
 */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTER.test(value);

/** A text field: `z.string(params)` that refuses control characters ('Caracteres de controle…'). */
export const textSchema = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v), MESSAGES.controlCharacters);
