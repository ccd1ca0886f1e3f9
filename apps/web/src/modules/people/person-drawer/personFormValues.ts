import {
  type CodeName,
  fieldErrors,
  formatCpf,
  formatPhone,
  type Gender,
  isoDateToBr,
  type Person,
  type PersonSave,
  type PersonSaveInput,
  PersonSaveSchema,
  type Vote,
} from '@mandato/domain';
import {
  type AddressValues,
  addressValuesOf,
  EMPTY_ADDRESS,
} from '../../../platform/ui/address/addressValues.ts';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** The person form as the user edits it (masked texts; codes for tags, company, godfather). */
export interface PersonFormValues {
  name: string;
  nickname: string;
  email: string;
  cellphone: string;
  phoneTwo: string;
  cpf: string;
  birthDate: string;
  gender?: Gender;
  vote: Vote;
  influence: number | null;
  tags: number[];
  address: AddressValues;
  profession: string;
  companyCode?: number;
  godfatherCode?: number;
  votingZone: string;
  votingSection: string;
  notes: string;
}

export const EMPTY_PERSON_FORM: PersonFormValues = {
  name: '',
  nickname: '',
  email: '',
  cellphone: '',
  phoneTwo: '',
  cpf: '',
  birthDate: '',
  gender: undefined,
  vote: 'TO_CONQUER',
  influence: 0,
  tags: [],
  address: EMPTY_ADDRESS,
  profession: '',
  companyCode: undefined,
  godfatherCode: undefined,
  votingZone: '',
  votingSection: '',
  notes: '',
};

export function personFormValuesOf(person: Person): PersonFormValues {
  return {
    name: person.name ?? '',
    nickname: person.nickname ?? '',
    email: person.email ?? '',
    cellphone: person.cellphone ? formatPhone(person.cellphone) : '',
    phoneTwo: person.phoneTwo ? formatPhone(person.phoneTwo) : '',
    cpf: person.cpf ? formatCpf(person.cpf) : '',
    birthDate: person.birthDate ? isoDateToBr(person.birthDate) : '',
    gender: person.gender ?? undefined,
    vote: person.vote,
    influence: person.influence,
    tags: person.tags.map((t) => t.code),
    address: addressValuesOf(person.address),
    profession: person.profession ?? '',
    companyCode: person.company?.code,
    godfatherCode: person.godfather?.code,
    votingZone: person.votingZone ?? '',
    votingSection: person.votingSection ?? '',
    notes: person.notes ?? '',
  };
}

/** Names the form's selects already know for an edited person. */
export function knownNamesOf(person: Person | undefined): {
  tags: CodeName[];
  company: CodeName[];
  godfather: CodeName[];
} {
  return {
    tags: person?.tags ?? [],
    company: person?.company ? [person.company] : [],
    godfather: person?.godfather ? [person.godfather] : [],
  };
}

/** The save payload input; the shared schema strips masks and leaves empty fields out. */
export function personInput(values: PersonFormValues, isUser: boolean): PersonSaveInput {
  const a = values.address;
  return {
    name: values.name,
    nickname: values.nickname,
    email: values.email,
    cellphone: values.cellphone,
    phoneTwo: values.phoneTwo,
    cpf: values.cpf,
    birthDate: values.birthDate,
    gender: values.gender ?? null,
    vote: values.vote,
    influence: values.influence ?? 0,
    tags: values.tags,
    address: {
      zipCode: a.zipCode,
      street: a.street,
      number: a.number,
      complement: a.complement,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state ?? null,
    },
    profession: values.profession,
    companyCode: values.companyCode ?? null,
    godfatherCode: values.godfatherCode ?? null,
    votingZone: values.votingZone,
    votingSection: values.votingSection,
    notes: values.notes,
    isUser,
  };
}

export type PersonValidation = Validation<PersonSave>;

/** Validates with the same zod schema the server uses (spec 2 §5 "Person form"). */
export function validatePerson(values: PersonFormValues, isUser: boolean): PersonValidation {
  const result = PersonSaveSchema.safeParse(personInput(values, isUser));
  if (result.success) return { payload: result.data, errors: {} };
  return { errors: fieldErrors(result.error.issues) };
}

/** The fields whose touch reveals the "at least one of" message shown on name. */
export const ONE_OF_FIELDS = ['name', 'email', 'cellphone'] as const;
