/**
 * The e-mail bodies of bench:untrusted (issue 38, items 1 and 2): the hostile ones the probe sent and
 * a legitimate newsletter of the same size, to the shot save and to the birthday e-mail.
 */

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** What the GrapesJS newsletter preset exports (apps/server/src/platform/html/email-html.test.ts). */
const NEWSLETTER = `<!DOCTYPE html><html><head><style>
  body { background-color: #eeeeee; }
  .container { width: 600px; background-color: #ffffff; }
  .title { color: #1a73e8; font-size: 24px; }
  .button { background-color: #1a73e8; color: #ffffff; padding: 10px 20px; }
</style></head><body>
<table class="container" align="center" cellpadding="0" cellspacing="0" border="0"><tbody>
  <tr><td class="title" valign="top">Olá, {{primeiro_nome}}!</td></tr>
  <tr><td><img src="https://cdn.exemplo.com/topo.png" alt="Topo" width="600"><img src="${PNG}" alt="pixel"></td></tr>
  <tr><td><p>Prestação de contas do mandato de {{data_atual}}.</p>
    <a class="button" href="https://exemplo.com/agenda?email={{email}}&amp;n={{nome_completo}}">Ver agenda</a>
    <a href="mailto:gabinete@exemplo.com">Fale conosco</a> <a href="tel:+556133334444">Ligue</a></td></tr>
</tbody></table></body></html>`;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The newsletter grown with table rows (a class, a merge tag and a link each) to at most `max` bytes
 * of UTF-8: about 6,400 rows, 19,000 elements and 13,000 merge tags at 1,000,000 bytes.
 */
export function newsletter(max = 1_000_000): string {
  const row = (i: number) =>
    `<tr><td class="title" style="padding: 8px">Notícia ${i}, {{primeiro_nome}} <a class="button" href="https://exemplo.com/n/${i}?e={{email}}">Leia</a></td></tr>`;
  const rows: string[] = [];
  let size = bytes(NEWSLETTER);
  for (let i = 1; ; i++) {
    const next = bytes(row(i));
    if (size + next > max) break;
    rows.push(row(i));
    size += next;
  }
  return NEWSLETTER.replace('<tbody>', `<tbody>${rows.join('')}`);
}

export type Route = 'campaign' | 'birthday';

export interface Payload {
  key: string;
  label: string;
  route: Route;
  /** what the route is expected to answer: a refusal of a hostile document, or a save */
  legit: boolean;
  html: () => string;
}

export const PAYLOADS: Payload[] = [
  {
    key: 'br-250k',
    label: '<br> × 250.000',
    route: 'campaign',
    legit: false,
    html: () => '<br>'.repeat(250_000),
  },
  {
    key: 'br-50k',
    label: '<br> × 50.000',
    route: 'campaign',
    legit: false,
    html: () => '<br>'.repeat(50_000),
  },
  {
    key: 'tags-45k',
    label: '{{primeiro_nome}}<br> × 45.000',
    route: 'campaign',
    legit: false,
    html: () => '{{primeiro_nome}}<br>'.repeat(45_000),
  },
  {
    key: 'newsletter',
    label: 'newsletter legítima',
    route: 'campaign',
    legit: true,
    html: () => newsletter(),
  },
  {
    key: 'birthday-br-250k',
    label: '<br> × 250.000',
    route: 'birthday',
    legit: false,
    html: () => '<br>'.repeat(250_000),
  },
  {
    key: 'birthday-newsletter',
    label: 'newsletter legítima',
    route: 'birthday',
    legit: true,
    html: () => newsletter(),
  },
];

export const payloadBytes = bytes;
