/** Errors shown: only touched fields', unless every error should show (spec 1 §5). */
export function visibleErrors(
  errors: Record<string, string[]>,
  touched: ReadonlySet<string>,
  showAll = false,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first && (showAll || touched.has(field))) out[field] = first;
  }
  return out;
}
