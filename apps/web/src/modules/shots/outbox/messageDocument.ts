/**
 * The message's HTML for the sandboxed frame, with `<base target="_blank">` so its links open in a
 * new tab (the frame allows popups, never scripts).
 */
export function messageDocument(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head)
    return `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`;
  return `${base}${html}`;
}
