import { hasControlCharacters } from '@mandato/domain';

/**
 * One pass over a JSON body's text, before JSON.parse (issue 38): how deep it nests and whether any
 * of its strings can hold a control character. Walking the parsed value instead cost 1–3 µs an
 * element on the main thread (a 4 MiB body of 500,000 tiny elements: 2–6 s, every tenant waiting);
 * a loop over the characters costs a few ms a MiB and stops at the first level past the limit, so a
 * body nested two million levels is refused without being parsed.
 *
 * Control characters are Unicode Cc other than tab, newline and carriage return (the domain's
 * `hasControlCharacters`): in valid JSON U+0000–U+001F only appear escaped (`\b`, `\f`, `\u00XX`),
 * U+007F–U+009F may also appear as they are. The answer is exact for valid JSON; for text that is
 * not, JSON.parse refuses it anyway.
 */
export interface JsonTextScan {
  /** the text nests deeper than the limit (counted as `jsonDeeperThan` counts the parsed value) */
  tooDeep: boolean;
  /** it holds more objects, arrays and strings (keys included) than the limit */
  tooManyNodes: boolean;
  /** a string or key holds a control character once parsed */
  controlCharacters: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const LETTER_B = 0x62;
const LETTER_F = 0x66;
const LETTER_U = 0x75;

/** Inside a string, what the scan stops at: its end, an escape, a C1 control character. */
const IN_STRING = /["\\\u007f-\u009f]/g;
/** Outside strings, what the scan stops at: a string's start and the brackets. */
const OUTSIDE = /["[\]{}]/g;

export function scanJsonText(text: string, limits: { maxDepth: number; maxNodes: number }): JsonTextScan {
  let depth = 0;
  let nodes = 0;
  let controlCharacters = false;
  let i = 0;
  const answer = (tooDeep: boolean, tooManyNodes: boolean) => ({ tooDeep, tooManyNodes, controlCharacters });
  // the regular expressions jump over the plain text between two marks (native, not a loop a character)
  for (;;) {
    OUTSIDE.lastIndex = i;
    const mark = OUTSIDE.exec(text);
    if (mark === null) return answer(false, false);
    i = mark.index + 1;
    const code = text.charCodeAt(mark.index);
    if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      continue;
    }
    nodes += 1;
    if (nodes > limits.maxNodes) return answer(false, true);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > limits.maxDepth) return answer(true, false);
    } else {
      // a string: to its closing quote
      for (;;) {
        IN_STRING.lastIndex = i;
        const inside = IN_STRING.exec(text);
        if (inside === null) return answer(false, false);
        i = inside.index + 1;
        const c = text.charCodeAt(inside.index);
        if (c === QUOTE) break;
        if (c !== BACKSLASH) controlCharacters = true;
        else {
          const next = text.charCodeAt(i);
          if (next === LETTER_U) {
            if (hasControlCharacters(String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 5), 16))))
              controlCharacters = true;
            i += 5;
          } else {
            if (next === LETTER_B || next === LETTER_F) controlCharacters = true;
            i += 1;
          }
        }
      }
    }
  }
}
