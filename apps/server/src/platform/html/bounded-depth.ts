/**
 * Tag nesting bounded before any DOM is built: jsdom (and every serializer after it) recurses once
 * per level, so a hostile `<div>` × 200,000 would overflow the stack while being parsed. A scan of
 * the markup keeps the tags up to `maxDepth` open elements and drops the markup of deeper ones
 * (their text stays; a deeper raw-text element such as a script goes whole). A close tag closes up
 * to its open element; one that matches nothing is dropped; unclosed and self-closed elements only
 * make the count deeper than the parser's (never shallower).
 */

const VOID: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Their content is raw text up to the close tag (never markup). */
const RAW_TEXT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?|<\/([a-zA-Z][^\s/>]*)[^>]*>?|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export function boundTagDepth(html: string, maxDepth: number): string {
  const open: { name: string; kept: boolean }[] = [];
  let out = '';
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m !== null; m = TOKEN.exec(html)) {
    const [token, closing, opening] = m;
    out += html.slice(last, m.index);
    last = TOKEN.lastIndex;
    if (closing !== undefined) {
      const name = closing.toLowerCase();
      let i = open.length - 1;
      while (i >= 0 && open[i]?.name !== name) i--;
      if (i < 0) continue;
      const kept = open[i]?.kept;
      open.length = i;
      if (kept) out += token;
      continue;
    }
    if (opening === undefined) {
      out += token; // comment, doctype, processing instruction
      continue;
    }
    const name = opening.toLowerCase();
    const kept = open.length < maxDepth;
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}[^>]*>?`, 'gi');
      end.lastIndex = last;
      const close = end.exec(html) ? end.lastIndex : html.length;
      if (kept) out += html.slice(m.index, close);
      last = close;
      TOKEN.lastIndex = close;
      continue;
    }
    if (kept) out += token;
    // `<div/>` opens a div in HTML: only void elements never nest
    if (!VOID.has(name)) open.push({ name, kept });
  }
  return out + html.slice(last);
}
