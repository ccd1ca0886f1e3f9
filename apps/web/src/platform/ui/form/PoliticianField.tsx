import {
  formatVoterRegistration,
  onlyDigits,
  POLITICAL_OFFICE_LABELS,
  POLITICAL_OFFICES,
  POLITICIAN_TEXTS,
  type PoliticalOffice,
} from '@mandato/domain';
import type { FieldForm } from './fieldForm.ts';
import { MaskedField } from './MaskedField.tsx';
import { SelectField } from './SelectField.tsx';
import { TextAreaField, TextField } from './TextField.tsx';

/** The politician record's fields as a form edits them (masked texts, the selects' values). */
export interface PoliticianFieldValues {
  name: string;
  cpf: string;
  rg: string;
  idDispatchingAgency: string;
  voterRegistration: string;
  birthday: string;
  email: string;
  politicalOffice?: PoliticalOffice;
  politicalParty?: string;
  candidateNumber: string;
  candidateCnpj: string;
  donationCampaignDescription: string;
  phone: string;
  mobilePhone: string;
}
export type PoliticianFieldName = keyof PoliticianFieldValues;

export interface PartyOption {
  value: string;
  label: string;
}

const F = POLITICIAN_TEXTS.fields;
const OFFICE_OPTIONS = POLITICAL_OFFICES.map((o) => ({ value: o, label: POLITICAL_OFFICE_LABELS[o] }));

/**
 * One field of the politician record, the same in the sys-admin dialog and the donation wizard:
 * label, mask, limits and format here; where it sits and whether the form requires it, the caller's.
 * Its element id is `${idPrefix}-${name}`; the party select lists `parties`.
 */
export function PoliticianField<K extends PoliticianFieldName>({
  form,
  name,
  idPrefix,
  required,
  parties = [],
}: {
  form: FieldForm<Pick<PoliticianFieldValues, K>>;
  name: K;
  idPrefix: string;
  required?: boolean;
  parties?: readonly PartyOption[];
}) {
  // each case names its own key; the form holds at least that one (Pick above)
  const bound = {
    form: form as unknown as FieldForm<PoliticianFieldValues>,
    id: `${idPrefix}-${name}`,
    label: F[name],
    required,
  };
  const field: PoliticianFieldName = name;
  switch (field) {
    case 'name':
      return <TextField {...bound} name="name" maxLength={150} />;
    case 'cpf':
      return <MaskedField {...bound} name="cpf" mask="cpf" />;
    case 'rg':
      return <TextField {...bound} name="rg" maxLength={20} />;
    case 'idDispatchingAgency':
      return <TextField {...bound} name="idDispatchingAgency" maxLength={20} />;
    case 'voterRegistration':
      return (
        <TextField
          {...bound}
          name="voterRegistration"
          inputMode="numeric"
          maxLength={14}
          format={formatVoterRegistration}
        />
      );
    case 'birthday':
      return <MaskedField {...bound} name="birthday" mask="date" placeholder="dd/mm/aaaa" />;
    case 'email':
      return <TextField {...bound} name="email" maxLength={254} />;
    case 'politicalOffice':
      // 15 offices (masculine and feminine): all in the list, and found by typing
      return (
        <SelectField
          {...bound}
          name="politicalOffice"
          options={OFFICE_OPTIONS}
          virtual={false}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'politicalParty':
      return (
        <SelectField
          {...bound}
          name="politicalParty"
          showSearch={{ optionFilterProp: 'label' }}
          options={[...parties]}
        />
      );
    case 'candidateNumber':
      return (
        <TextField {...bound} name="candidateNumber" inputMode="numeric" maxLength={5} format={onlyDigits} />
      );
    case 'candidateCnpj':
      return <MaskedField {...bound} name="candidateCnpj" mask="cnpj" />;
    case 'donationCampaignDescription':
      return <TextAreaField {...bound} name="donationCampaignDescription" maxLength={500} rows={2} />;
    case 'phone':
      return <MaskedField {...bound} name="phone" mask="phone" />;
    case 'mobilePhone':
      return <MaskedField {...bound} name="mobilePhone" mask="phone" />;
  }
}
