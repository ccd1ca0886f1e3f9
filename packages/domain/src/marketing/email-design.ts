import { JSON_MAX_DEPTH, jsonDeeperThan } from '../common/json-depth.ts';

/**
 * The e-mail editor's design (`jsonContent` of a shot and of the birthday e-mail): the GrapesJS
 * project the web saves as a JSON string (an object from another client is read too), stored to open
 * the editor again. Why a design cannot be saved.
 */
export type EmailDesignProblem = 'tooLarge' | 'tooDeep' | 'notJson';

const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * The design as it may be stored, or why not: at most `maxBytes` of JSON and JSON_MAX_DEPTH levels
 * (checked by a loop before anything recurses into it), a string holding JSON.
 */
export function readEmailDesign(
  value: unknown,
  maxBytes: number,
): { design: unknown } | { problem: EmailDesignProblem } {
  if (typeof value === 'string') {
    if (bytes(value) > maxBytes) return { problem: 'tooLarge' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return { problem: 'notJson' };
    }
    if (jsonDeeperThan(parsed, JSON_MAX_DEPTH)) return { problem: 'tooDeep' };
    return { design: value };
  }
  if (jsonDeeperThan(value, JSON_MAX_DEPTH)) return { problem: 'tooDeep' };
  if (bytes(JSON.stringify(value) ?? '') > maxBytes) return { problem: 'tooLarge' };
  return { design: value };
}
