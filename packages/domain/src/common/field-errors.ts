import type { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** zod issues → `{ "field.path": [messages] }`, the error shape of the API (DESIGN.md §3). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    const list = errors[path] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[path] = list;
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, MESSAGES.unknownField);
      continue;
    }
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    add(base || '_', missing ? MESSAGES.required : issue.message);
  }
  return errors;
}
