import { DONATION_SANDBOX_TEXTS, formatBrlCents, formatCpf } from '@mandato/domain';
import { escapeHtml as h, page } from './pages.ts';
import type { Account } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.operator;
const STATUS_CLASS = { Paga: 'paga', Pendente: 'pendente' } as const;

/** An account shown by the end of its token only. */
const accountLabel = (token: string) => `…${token.slice(-4)}`;

/** A cell: its HTML, and whether long text may wrap. */
type Cell = string | { html: string; wrap: true };

/** A table that becomes one card per row on narrow screens (each cell labelled by its column). */
function table(headers: string[], rows: Cell[][], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${h(empty)}</p>`;
  const cell = (c: Cell, i: number) => {
    const label = headers[i] ? ` data-label="${h(headers[i])}"` : '';
    return typeof c === 'string' ? `<td${label}>${c}</td>` : `<td class="wrap"${label}>${c.html}</td>`;
  };
  return `<div class="table"><table class="cards"><thead><tr>${headers.map((c) => `<th>${h(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map(cell).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

const wrap = (html: string): Cell => ({ html, wrap: true });

const button = (action: string, label: string) =>
  `<form class="inline" method="post" action="${h(action)}"><button type="submit">${h(label)}</button></form>`;

/** The operator page: every account's candidates (Confirmar), campaigns and invoices (Marcar paga). */
export function operatorPage(accounts: [string, Account][], baseUrl: string): string {
  const candidates = accounts.flatMap(([token, a]) =>
    a.candidates.map((c): Cell[] => [
      h(accountLabel(token)),
      String(c.id),
      wrap(h(c.nome)),
      h(formatCpf(c.cpf)),
      h(c.confirmado ? T.confirmed : T.awaiting),
      c.confirmado ? '' : button(`/_sandbox/candidatos/${c.id}/confirmar`, T.confirm),
    ]),
  );
  const campaigns = accounts.flatMap(([token, a]) =>
    a.campaigns.map((c): Cell[] => [
      h(accountLabel(token)),
      wrap(h(c.nome)),
      wrap(`<a href="/doar/${h(c.campanha_url)}">${h(`${baseUrl}/doar/${c.campanha_url}`)}</a>`),
      h(c.ativo ? T.active : T.inactive),
      `${h(formatBrlCents(c.minCents))} – ${h(formatBrlCents(c.maxCents))}`,
    ]),
  );
  const invoices = accounts.flatMap(([, a]) =>
    a.invoices
      .slice()
      .reverse()
      .map((i): Cell[] => [
        String(i.id),
        h(i.data.slice(0, 16).replace('T', ' ')),
        wrap(h(a.campaigns.find((c) => c.token === i.campanhaToken)?.nome ?? '')),
        wrap(h(i.doador.nome)),
        h(formatBrlCents(i.valorCents)),
        `<span class="status ${STATUS_CLASS[i.status]}">${h(i.status)}</span>`,
        i.status === 'Pendente' ? button(`/_sandbox/faturas/${i.id}/pagar`, T.markPaid) : '',
      ]),
  );
  const section = (title: string, content: string) =>
    `<section class="card"><h2>${h(title)}</h2>${content}</section>`;
  return page(
    T.title,
    `<div class="card"><h1>${h(T.title)}</h1><p class="muted">${h(T.intro)}</p><p>${h(T.localOnly)}</p></div>
${section(T.candidates, table([T.account, T.id, T.name, T.cpf, T.situation, ''], candidates, T.noCandidates))}
${section(T.campaigns, table([T.account, T.campaign, T.link, T.situation, T.value], campaigns, T.noCampaigns))}
${section(T.invoices, table([T.id, T.date, T.campaign, T.donor, T.value, T.situation, ''], invoices, T.noInvoices))}`,
    { wide: true },
  );
}
