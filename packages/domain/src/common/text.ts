import { z } from 'zod';
import { hasControlCharacters } from './control-characters.ts';
import { MESSAGES } from './messages.ts';

export { hasControlCharacters };

/** A text field: `z.string(params)` that refuses control characters ('Caracteres de controle…'). */
export const textSchema = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v), MESSAGES.controlCharacters);
