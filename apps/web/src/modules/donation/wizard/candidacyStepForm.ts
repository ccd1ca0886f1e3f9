import {
  type BrState,
  DonationCandidacyStepSchema,
  type DonationOnboarding,
  fieldErrors,
  formatCep,
  formatCnpj,
  formatPhone,
  type PoliticalOffice,
} from '@mandato/domain';
import { type AddressValues, EMPTY_ADDRESS } from '../../../platform/ui/address/addressValues.ts';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';
import type { CandidacyStepBody } from '../api.ts';

/** Step 2 'Candidatura' as it is edited; the address block is the platform's (CEP lookup). */
export interface CandidacyStepValues {
  candidateCnpj: string;
  candidateNumber: string;
  politicalOffice?: PoliticalOffice;
  politicalParty?: string;
  donationCampaignDescription: string;
  phone: string;
  mobilePhone: string;
  address: AddressValues;
}

const ADDRESS_KEYS = Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[];

export function candidacyStepValuesOf(p: DonationOnboarding['politician']): CandidacyStepValues {
  return {
    candidateCnpj: p?.candidateCnpj ? formatCnpj(p.candidateCnpj) : '',
    candidateNumber: p?.candidateNumber == null ? '' : String(p.candidateNumber),
    politicalOffice: p?.politicalOffice ?? undefined,
    politicalParty: p?.politicalParty ?? undefined,
    donationCampaignDescription: p?.donationCampaignDescription ?? '',
    phone: p?.phone ? formatPhone(p.phone) : '',
    mobilePhone: p?.mobilePhone ? formatPhone(p.mobilePhone) : '',
    address: {
      zipCode: p?.zipCode ? formatCep(p.zipCode) : '',
      street: p?.street ?? '',
      number: p?.number ?? '',
      complement: p?.complement ?? '',
      neighborhood: p?.neighborhood ?? '',
      city: p?.city ?? '',
      state: (p?.state as BrState | null | undefined) ?? undefined,
    },
  };
}

/** The body of PUT /donations/onboarding/candidacy: the address flat, optional fields left out when empty. */
export function candidacyBodyOf(values: CandidacyStepValues): Record<string, unknown> {
  const { address, candidateCnpj, candidateNumber, ...rest } = values;
  const number = candidateNumber.trim();
  // a select left empty is absent (the schema's 'Campo Obrigatório'), not '' ('Valor não permitido')
  return {
    ...rest,
    ...(candidateCnpj.trim() ? { candidateCnpj } : {}),
    ...(number ? { candidateNumber: /^\d+$/.test(number) ? Number(number) : number } : {}),
    zipCode: address.zipCode,
    street: address.street,
    number: address.number,
    ...(address.complement.trim() ? { complement: address.complement } : {}),
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
  };
}

/** The schema's errors keyed as the form shows them: the address fields under 'address.'. */
function formErrorsOf(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      (ADDRESS_KEYS as string[]).includes(field) ? `address.${field}` : field,
      messages,
    ]),
  );
}

export function validateCandidacyStep(values: CandidacyStepValues): Validation<CandidacyStepBody> {
  const body = candidacyBodyOf(values);
  const result = DonationCandidacyStepSchema.safeParse(body);
  if (result.success) return { payload: body as CandidacyStepBody, errors: {} };
  return { errors: formErrorsOf(fieldErrors(result.error.issues)) };
}

/** A 400 answer's field errors keyed as the form shows them. */
export const candidacyServerErrors = formErrorsOf;
