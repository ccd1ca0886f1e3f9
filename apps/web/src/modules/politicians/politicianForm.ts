import {
  fieldErrors,
  formatCnpj,
  formatCpf,
  formatPhone,
  formatVoterRegistration,
  isoDateToBr,
  POLITICAL_PARTIES,
  type PoliticalParty,
  type Politician,
  type PoliticianSave,
  PoliticianSaveSchema,
  SELECTABLE_POLITICAL_PARTIES,
} from '@mandato/domain';
import {
  type AddressValues,
  addressValuesOf,
  EMPTY_ADDRESS,
} from '../../platform/ui/address/addressValues.ts';
import type { PoliticianFieldValues } from '../../platform/ui/form/PoliticianField.tsx';
import type { Validation } from '../../platform/ui/form/useValidatedForm.ts';

/** The politician form as it is edited: the shared politician fields, the electoral place, the address block. */
export interface PoliticianFormValues extends PoliticianFieldValues {
  ballotName: string;
  electoralState?: string;
  electoralCity: string;
  address: AddressValues;
  active: boolean;
}

export const EMPTY_POLITICIAN_FORM: PoliticianFormValues = {
  name: '',
  ballotName: '',
  cpf: '',
  rg: '',
  idDispatchingAgency: '',
  voterRegistration: '',
  birthday: '',
  email: '',
  politicalOffice: undefined,
  politicalParty: undefined,
  candidateNumber: '',
  candidateCnpj: '',
  electoralState: undefined,
  electoralCity: '',
  phone: '',
  mobilePhone: '',
  address: EMPTY_ADDRESS,
  donationCampaignDescription: '',
  active: true,
};

export function politicianFormValuesOf(p: Politician): PoliticianFormValues {
  return {
    name: p.name,
    ballotName: p.ballotName ?? '',
    cpf: formatCpf(p.cpf),
    rg: p.rg ?? '',
    idDispatchingAgency: p.idDispatchingAgency ?? '',
    voterRegistration: p.voterRegistration ? formatVoterRegistration(p.voterRegistration) : '',
    birthday: p.birthday ? isoDateToBr(p.birthday) : '',
    email: p.email ?? '',
    politicalOffice: p.politicalOffice,
    politicalParty: p.politicalParty,
    candidateNumber: p.candidateNumber === null ? '' : String(p.candidateNumber),
    candidateCnpj: p.candidateCnpj ? formatCnpj(p.candidateCnpj) : '',
    electoralState: p.electoralState ?? undefined,
    electoralCity: p.electoralCity ?? '',
    phone: p.phone ? formatPhone(p.phone) : '',
    mobilePhone: p.mobilePhone ? formatPhone(p.mobilePhone) : '',
    address: addressValuesOf(p.address),
    donationCampaignDescription: p.donationCampaignDescription ?? '',
    active: p.active,
  };
}

/** The form checked by the schema the server uses (same messages on both sides). */
export function validatePolitician(values: PoliticianFormValues): Validation<PoliticianSave> {
  const input = {
    ...values,
    candidateNumber: values.candidateNumber.trim() === '' ? null : Number(values.candidateNumber),
    politicalOffice: values.politicalOffice ?? '',
    politicalParty: values.politicalParty ?? '',
    electoralState: values.electoralState ?? null,
  };
  const result = PoliticianSaveSchema.safeParse(input);
  if (result.success) return { payload: result.data, errors: {} };
  return { errors: fieldErrors(result.error.issues) };
}

const partyOption = (p: PoliticalParty) => ({
  value: p.initials,
  label: `${p.initials} (${p.number}) — ${p.name}`,
});
const SELECTABLE_PARTY_OPTIONS = SELECTABLE_POLITICAL_PARTIES.map(partyOption);

/** The parties a politician may choose, and the one the record already holds even if it no longer may. */
export function partyOptionsFor(current: string | undefined) {
  const held = POLITICAL_PARTIES.find((p) => p.initials === current && !p.selectable);
  return held ? [...SELECTABLE_PARTY_OPTIONS, partyOption(held)] : SELECTABLE_PARTY_OPTIONS;
}
