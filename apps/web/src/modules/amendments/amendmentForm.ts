import {
  AMENDMENT_TEXTS,
  type Amendment,
  type AmendmentSave,
  AmendmentSaveSchema,
  type AmendmentStatus,
  fieldErrors,
  formatBrDecimal,
  MESSAGES,
  parseBrMoney,
} from '@mandato/domain';
import { screenToday } from '../../platform/dateFormat.ts';
import type { Validation } from '../../platform/ui/form/useValidatedForm.ts';

/** The amendment dialog as it is edited: texts, the pt-BR money text, the contact code. */
export interface AmendmentFormValues {
  contact?: number;
  year: string;
  title: string;
  description: string;
  receiver: string;
  value: string;
  status?: AmendmentStatus;
}

export const emptyAmendmentForm = (now = new Date()): AmendmentFormValues => ({
  contact: undefined,
  year: screenToday(now).slice(0, 4),
  title: '',
  description: '',
  receiver: '',
  value: '',
  status: 'ANALISYS',
});

export function amendmentFormValuesOf(a: Amendment): AmendmentFormValues {
  return {
    contact: a.contact ?? undefined,
    year: String(a.year),
    title: a.title,
    description: a.description ?? '',
    receiver: a.receiver ?? '',
    value: formatBrDecimal(a.value),
    status: a.status,
  };
}

/** The form checked by the schema the server uses; the value read as pt-BR money. */
export function validateAmendment(values: AmendmentFormValues, code?: number): Validation<AmendmentSave> {
  const year = values.year.trim();
  const money = values.value.trim();
  const input = {
    code: code ?? null,
    year: /^\d+$/.test(year) ? Number(year) : undefined,
    title: values.title,
    description: values.description,
    receiver: values.receiver,
    value: money === '' ? undefined : (parseBrMoney(money) ?? 'inválido'),
    status: values.status ?? '',
    contact: values.contact ?? null,
  };
  const result = AmendmentSaveSchema.safeParse(input);
  if (result.success) return { payload: result.data, errors: {} };
  const errors = fieldErrors(result.error.issues);
  if (money === '') errors.value = [MESSAGES.required];
  if (year === '') errors.year = [MESSAGES.required];
  if (!values.status) errors.status = [MESSAGES.required];
  if (errors.value && money !== '') errors.value = [AMENDMENT_TEXTS.value];
  return { errors };
}
