import type { z } from 'zod';
import { MESSAGES } from './messages.ts';

type Issue = z.core.$ZodIssue;

const onTop = (option: Issue[], codes: readonly string[]) =>
  option.every((i) => i.path.length === 0 && codes.includes(i.code));

/**
 * Of a union none of whose options matched, the issues of the option the value was meant to be:
 * the only one that failed inside the value, else the only one whose type it had (a string given
 * to a group or an operator is a wrong operator). Undefined when that is unclear.
 */
function intendedOption(issue: Issue): Issue[] | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const inside = issue.errors.filter((o) => !onTop(o, ['invalid_type', 'invalid_value']));
  if (inside.length === 1) return inside[0];
  const typed = issue.errors.filter((o) => !onTop(o, ['invalid_type']));
  return inside.length === 0 && typed.length === 1 ? typed[0] : undefined;
}

/** zod issues → `{ "field.path": [messages] }`, the error shape of the API (DESIGN.md §3). */
export function fieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  // a Map: field names like 'constructor' or '__proto__' are not Object.prototype members here
  const errors = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const list = errors.get(path);
    if (!list) errors.set(path, [message]);
    else if (!list.includes(message)) list.push(message);
  };
  const collect = (list: readonly Issue[], prefix: PropertyKey[]) => {
    for (const issue of list) {
      const path = [...prefix, ...issue.path];
      const base = path.map(String).join('.');
      const option = intendedOption(issue);
      if (option) collect(option, path);
      else if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) add(base ? `${base}.${key}` : key, MESSAGES.unknownField);
      } else add(base || '_', issue.message);
    }
  };
  collect(issues, []);
  // fromEntries defines own properties, so a '__proto__' field is a field (and is serialised)
  return Object.fromEntries(errors);
}
