import {
  DONATION_LIMITS,
  DONATION_SANDBOX_TEXTS,
  formatBrlCents,
  hasControlCharacters,
  isValidCpf,
  isValidPhone,
  MESSAGES,
  onlyDigits,
  parseBrMoney,
} from '@mandato/domain';
import { z } from 'zod';
import type { Campaign } from './store.ts';

const E = DONATION_SANDBOX_TEXTS.donorErrors;

export const DONOR_FIELDS = ['nome', 'cpf', 'email', 'celular', 'valor'] as const;
export type DonorField = (typeof DONOR_FIELDS)[number];
export type DonorForm = Record<DonorField, string>;
export type DonorErrors = Partial<Record<DonorField, string>>;

export interface Donation {
  nome: string;
  cpf: string;
  email: string;
  celular: string;
  cents: number;
}

const MAX_LENGTH: Record<DonorField, number> = { nome: 200, cpf: 20, email: 254, celular: 20, valor: 20 };

/** The posted form's fields (the first of each; missing ones empty). */
export function readDonorForm(body: unknown): DonorForm {
  const params = body instanceof URLSearchParams ? body : new URLSearchParams();
  return Object.fromEntries(DONOR_FIELDS.map((f) => [f, (params.get(f) ?? '').trim()])) as DonorForm;
}

/** Cents of a pt-BR amount ('50', '50,5', 'R$ 1.064,00'), or undefined. */
function centsOf(value: string): number | undefined {
  const canonical = parseBrMoney(value);
  if (!canonical || canonical.startsWith('-')) return undefined;
  const [integer, decimals] = canonical.split('.') as [string, string];
  const cents = Number(integer) * 100 + Number(decimals);
  return cents > 0 ? cents : undefined;
}

/**
 * The donor's form checked against the campaign (min..max) and the donor's day: at most
 * R$ 1.064,00 per CPF per São Paulo day, summed over the CPF's invoices of that day.
 */
export function checkDonation(
  form: DonorForm,
  campaign: Campaign,
  dayCentsOf: (cpf: string) => number,
): { ok: true; donation: Donation } | { ok: false; errors: DonorErrors } {
  const errors: DonorErrors = {};
  for (const field of DONOR_FIELDS) {
    const value = form[field];
    if (value === '') errors[field] = MESSAGES.required;
    else if (value.length > MAX_LENGTH[field]) errors[field] = E.tooLong;
    else if (hasControlCharacters(value)) errors[field] = E.invalidText;
  }
  if (!errors.cpf && !isValidCpf(form.cpf)) errors.cpf = E.cpf;
  if (!errors.email && !z.email().safeParse(form.email).success) errors.email = E.email;
  if (!errors.celular && !isValidPhone(form.celular)) errors.celular = E.mobilePhone;
  const cents = errors.valor ? undefined : centsOf(form.valor);
  if (!errors.valor) {
    if (cents === undefined) errors.valor = E.value;
    else if (cents < campaign.minCents) errors.valor = E.belowMin(formatBrlCents(campaign.minCents));
    else if (cents > campaign.maxCents) errors.valor = E.aboveMax(formatBrlCents(campaign.maxCents));
    else if (!errors.cpf) {
      const used = dayCentsOf(onlyDigits(form.cpf));
      if (used + cents > DONATION_LIMITS.maxDailyCents)
        errors.valor = E.dailyLimit(formatBrlCents(Math.max(0, DONATION_LIMITS.maxDailyCents - used)));
    }
  }
  if (Object.keys(errors).length > 0 || cents === undefined) return { ok: false, errors };
  return {
    ok: true,
    donation: {
      nome: form.nome,
      cpf: onlyDigits(form.cpf),
      email: form.email,
      celular: onlyDigits(form.celular),
      cents,
    },
  };
}
