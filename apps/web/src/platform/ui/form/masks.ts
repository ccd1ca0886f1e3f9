import { formatCep, formatCnpj, formatCpf, formatPhone, onlyDigits } from '@mandato/domain';

/** Date mask 00/00/0000 (spec 1 §5). */
export function formatBrDate(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** Input masks of the person and company forms (spec 2 §5 "Masks and filters"). */
export const MASKS = {
  phone: { format: formatPhone, maxLength: 15 },
  cpf: { format: formatCpf, maxLength: 14 },
  cnpj: { format: formatCnpj, maxLength: 18 },
  cep: { format: formatCep, maxLength: 9 },
  date: { format: formatBrDate, maxLength: 10 },
} as const;
export type MaskName = keyof typeof MASKS;
