import {
  centsToReais,
  DONATION_SANDBOX_TEXTS,
  formatBrlCents,
  formatCpf,
  formatPhone,
} from '@mandato/domain';
import type { DonorErrors, DonorField, DonorForm } from './donor-form.ts';
import { escapeHtml as h, page } from './pages.ts';
import type { Campaign, Invoice } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.donor;
const STATUS_CLASS = { Paga: 'paga', Pendente: 'pendente' } as const;

const FIELDS: { name: DonorField; label: string; type: string; autocomplete: string; inputmode?: string }[] =
  [
    { name: 'nome', label: T.fields.name, type: 'text', autocomplete: 'name' },
    { name: 'cpf', label: T.fields.cpf, type: 'text', autocomplete: 'off', inputmode: 'numeric' },
    { name: 'email', label: T.fields.email, type: 'email', autocomplete: 'email' },
    { name: 'celular', label: T.fields.mobilePhone, type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
    { name: 'valor', label: T.fields.value, type: 'text', autocomplete: 'off', inputmode: 'decimal' },
  ];

function field(f: (typeof FIELDS)[number], value: string, error: string | undefined): string {
  const id = `campo-${f.name}`;
  return `<div class="field">
<label for="${id}">${h(f.label)}</label>
<input id="${id}" name="${f.name}" type="${f.type}" value="${h(value)}" autocomplete="${f.autocomplete}"${
    f.inputmode ? ` inputmode="${f.inputmode}"` : ''
  }${error ? ` aria-invalid="true" aria-describedby="${id}-erro"` : ''}>
${error ? `<p class="error" id="${id}-erro">${h(error)}</p>` : ''}</div>`;
}

const heading = (campaign: Campaign) => `<h1>${h(campaign.nome)}</h1>`;

/** The public donation page: the campaign, its limits and the donor's form (again with errors). */
export function donorPage(campaign: Campaign, form?: DonorForm, errors: DonorErrors = {}): string {
  if (!campaign.ativo) {
    return page(
      T.pageTitle(campaign.nome),
      `<div class="card">${heading(campaign)}<p>${h(T.inactive)}</p></div>`,
    );
  }
  const values: DonorForm = form ?? {
    nome: '',
    cpf: '',
    email: '',
    celular: '',
    valor: centsToReais(campaign.sugeridoCents).replace('.', ','),
  };
  const invalid = Object.keys(errors).length > 0;
  return page(
    T.pageTitle(campaign.nome),
    `<div class="card">
${heading(campaign)}
<p class="muted">${h(T.intro)}</p>
<p>${h(T.limits(formatBrlCents(campaign.minCents), formatBrlCents(campaign.maxCents)))}<br>${h(
      T.suggested(formatBrlCents(campaign.sugeridoCents)),
    )}</p>
${invalid ? `<div class="alert" role="alert">${h(T.formInvalid)}</div>` : ''}
<form method="post" action="/doar/${h(campaign.campanha_url)}" novalidate>
${FIELDS.map((f) => field(f, values[f.name], errors[f.name])).join('\n')}
<button type="submit" class="submit">${h(T.submit)}</button>
</form>
</div>`,
  );
}

/** The donor's invoice: Pendente with 'Simular pagamento', or Paga. */
export function invoicePage(campaign: Campaign, invoice: Invoice): string {
  const base = `/doar/${h(campaign.campanha_url)}`;
  const pending = invoice.status === 'Pendente';
  return page(
    T.invoiceTitle,
    `<div class="card">
<h1>${h(T.invoiceTitle)}</h1>
<dl>
<dt>${h(T.campaign)}</dt><dd>${h(campaign.nome)}</dd>
<dt>${h(T.donor)}</dt><dd>${h(invoice.doador.nome)}</dd>
<dt>${h(T.fields.cpf)}</dt><dd>${h(formatCpf(invoice.doador.cpf))}</dd>
<dt>${h(T.fields.mobilePhone)}</dt><dd>${h(formatPhone(invoice.doador.celular))}</dd>
<dt>${h(T.value)}</dt><dd>${h(formatBrlCents(invoice.valorCents))}</dd>
<dt>${h(T.status)}</dt><dd><span class="status ${STATUS_CLASS[invoice.status]}" data-status>${h(invoice.status)}</span></dd>
</dl>
<p>${h(pending ? T.pendingNote : T.paidNote)}</p>
${
  pending
    ? `<form method="post" action="${base}/fatura/${h(invoice.chave)}/pagar"><button type="submit" class="submit">${h(T.simulatePayment)}</button></form>`
    : ''
}
<p><a href="${base}">${h(T.another)}</a></p>
</div>`,
  );
}
