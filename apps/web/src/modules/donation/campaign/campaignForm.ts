import {
  centsToReais,
  DONATION_LIMITS,
  type DonationCampaign,
  type DonationCampaignSave,
  DonationCampaignSaveSchema,
  fieldErrors,
  formatBrDecimal,
  MESSAGES,
  parseBrMoney,
  reaisToCents,
} from '@mandato/domain';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** 'Campanha de Doação' as it is edited: the values typed in reais (pt-BR, '1.064,00'). */
export interface CampaignFormValues {
  active: boolean;
  title: string;
  min: string;
  max: string;
  suggested: string;
}

const reais = (cents: number) => formatBrDecimal(centsToReais(cents));

/** A new campaign: active, R$ 5,00 to R$ 1.064,00, R$ 50,00 suggested (spec 3 §5). */
export const NEW_CAMPAIGN_FORM: CampaignFormValues = {
  active: true,
  title: '',
  min: reais(DONATION_LIMITS.minCents),
  max: reais(DONATION_LIMITS.maxDailyCents),
  suggested: reais(DONATION_LIMITS.defaultSuggestedCents),
};

export function campaignFormValuesOf(c: DonationCampaign): CampaignFormValues {
  return {
    active: c.active,
    title: c.title,
    min: reais(c.minCents),
    max: reais(c.maxCents),
    suggested: reais(c.suggestedCents),
  };
}

/** A typed amount in cents: undefined when empty, NaN when it is not an amount of reais. */
function centsOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const decimal = parseBrMoney(text);
  if (decimal === undefined) return Number.NaN;
  try {
    return reaisToCents(decimal);
  } catch {
    return Number.NaN;
  }
}

const FIELD_OF: Record<string, keyof CampaignFormValues> = {
  minCents: 'min',
  maxCents: 'max',
  suggestedCents: 'suggested',
};

/** The schema's (or the server's) errors keyed by the form's fields. */
export function campaignFormErrors(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [FIELD_OF[k] ?? k, v]));
}

/** Checked by the schema the server uses; the reais typed become integer cents (string arithmetic). */
export function validateCampaign(values: CampaignFormValues): Validation<DonationCampaignSave> {
  const amounts = {
    minCents: centsOf(values.min),
    maxCents: centsOf(values.max),
    suggestedCents: centsOf(values.suggested),
  };
  const unreadable = Object.entries(amounts).filter(([, v]) => Number.isNaN(v));
  const result = DonationCampaignSaveSchema.safeParse({
    active: values.active,
    title: values.title,
    ...amounts,
  });
  const errors = result.success ? {} : campaignFormErrors(fieldErrors(result.error.issues));
  for (const [key] of unreadable) errors[FIELD_OF[key] as string] = [MESSAGES.invalidNested];
  if (result.success && unreadable.length === 0) return { payload: result.data, errors: {} };
  return { errors };
}
