import { DONATION_SANDBOX_TEXTS, formatCpf } from '@mandato/domain';
import { formatCents } from './money.ts';
import { escapeHtml as h, page } from './pages.ts';
import type { Account } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.operator;
const STATUS_CLASS = { Paga: 'paga', Pendente: 'pendente' } as const;

/** An account shown by the end of its token only. */
const accountLabel = (token: string) => `…${token.slice(-4)}`;

const table = (headers: string[], rows: string[], empty: string) =>
  rows.length === 0
    ? `<p class="muted">${h(empty)}</p>`
    : `<div class="table"><table><thead><tr>${headers.map((c) => `<th>${h(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;

const button = (action: string, label: string) =>
  `<form class="inline" method="post" action="${h(action)}"><button type="submit">${h(label)}</button></form>`;

/** The operator page: every account's candidates (Confirmar), campaigns and invoices (Marcar paga). */
export function operatorPage(accounts: [string, Account][], baseUrl: string): string {
  const candidates = accounts.flatMap(([token, a]) =>
    a.candidates.map(
      (c) =>
        `<tr><td>${h(accountLabel(token))}</td><td>${c.id}</td><td class="wrap">${h(c.nome)}</td><td>${h(formatCpf(c.cpf))}</td><td>${h(
          c.confirmado ? T.confirmed : T.awaiting,
        )}</td><td>${c.confirmado ? '' : button(`/_sandbox/candidatos/${c.id}/confirmar`, T.confirm)}</td></tr>`,
    ),
  );
  const campaigns = accounts.flatMap(([token, a]) =>
    a.campaigns.map((c) => {
      const url = `${baseUrl}/doar/${c.campanha_url}`;
      return `<tr><td>${h(accountLabel(token))}</td><td class="wrap">${h(c.nome)}</td><td class="wrap"><a href="/doar/${h(
        c.campanha_url,
      )}">${h(url)}</a></td><td>${h(c.ativo ? T.active : T.inactive)}</td><td>${h(formatCents(c.minCents))} – ${h(
        formatCents(c.maxCents),
      )}</td></tr>`;
    }),
  );
  const invoices = accounts.flatMap(([, a]) =>
    a.invoices
      .slice()
      .reverse()
      .map((i) => {
        const campaign = a.campaigns.find((c) => c.token === i.campanhaToken);
        return `<tr><td>${i.id}</td><td>${h(i.data.slice(0, 16).replace('T', ' '))}</td><td class="wrap">${h(
          campaign?.nome ?? '',
        )}</td><td class="wrap">${h(i.doador.nome)}</td><td>${h(formatCents(i.valorCents))}</td><td><span class="status ${
          STATUS_CLASS[i.status]
        }">${h(i.status)}</span></td><td>${i.status === 'Pendente' ? button(`/_sandbox/faturas/${i.id}/pagar`, T.markPaid) : ''}</td></tr>`;
      }),
  );
  const section = (title: string, content: string) =>
    `<section class="card"><h2>${h(title)}</h2>${content}</section>`;
  return page(
    T.title,
    `<div class="card"><h1>${h(T.title)}</h1><p class="muted">${h(T.intro)}</p></div>
${section(T.candidates, table([T.account, T.id, T.name, T.cpf, T.situation, ''], candidates, T.noCandidates))}
${section(T.campaigns, table([T.account, T.campaign, T.link, T.situation, T.value], campaigns, T.noCampaigns))}
${section(T.invoices, table([T.id, T.date, T.campaign, T.donor, T.value, T.situation, ''], invoices, T.noInvoices))}`,
    { wide: true },
  );
}
