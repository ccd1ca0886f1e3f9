import {
  type DonationOnboarding,
  type DonationPoliticianStepInput,
  DonationPoliticianStepSchema,
  fieldErrors,
  formatCpf,
  formatVoterRegistration,
  isoDateToBr,
} from '@mandato/domain';
import type { PoliticianFieldValues } from '../../../platform/ui/form/PoliticianField.tsx';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** Step 1 'Dados do Político' as it is edited: masked CPF and título, the BR date. */
export type PoliticianStepValues = Pick<
  PoliticianFieldValues,
  'name' | 'cpf' | 'rg' | 'idDispatchingAgency' | 'voterRegistration' | 'birthday' | 'email'
>;

/** The step filled from the politician already saved (the administrative record), if any. */
export function politicianStepValuesOf(p: DonationOnboarding['politician']): PoliticianStepValues {
  return {
    name: p?.name ?? '',
    cpf: p?.cpf ? formatCpf(p.cpf) : '',
    rg: p?.rg ?? '',
    idDispatchingAgency: p?.idDispatchingAgency ?? '',
    voterRegistration: p?.voterRegistration ? formatVoterRegistration(p.voterRegistration) : '',
    birthday: p?.birthday ? isoDateToBr(p.birthday) : '',
    email: p?.email ?? '',
  };
}

/**
 * Checked by the schema the server uses (same messages on both sides); what is sent is the typed
 * text (BR date, masks), which the server normalises with that schema.
 */
export function validatePoliticianStep(
  values: PoliticianStepValues,
): Validation<DonationPoliticianStepInput> {
  const result = DonationPoliticianStepSchema.safeParse(values);
  if (result.success) return { payload: values, errors: {} };
  return { errors: fieldErrors(result.error.issues) };
}
