import {
  type CodeName,
  type Company,
  type CompanySave,
  CompanySaveSchema,
  fieldErrors,
  formatCnpj,
  formatPhone,
} from '@mandato/domain';
import {
  type AddressValues,
  addressValuesOf,
  EMPTY_ADDRESS,
} from '../../../platform/ui/address/addressValues.ts';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** The company (voting place) form as the user edits it. */
export interface CompanyFormValues {
  name: string;
  cnpj: string;
  email: string;
  phone: string;
  address: AddressValues;
  tags: number[];
  mainContactPersonCode?: number;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: '',
  cnpj: '',
  email: '',
  phone: '',
  address: EMPTY_ADDRESS,
  tags: [],
  mainContactPersonCode: undefined,
};

export function companyFormValuesOf(company: Company): CompanyFormValues {
  return {
    name: company.name,
    cnpj: company.cnpj ? formatCnpj(company.cnpj) : '',
    email: company.email ?? '',
    phone: company.phone ? formatPhone(company.phone) : '',
    address: addressValuesOf(company.address),
    tags: company.tags.map((t) => t.code),
    mainContactPersonCode: company.mainContact?.code,
  };
}

export const knownContactOf = (company: Company | undefined): CodeName[] =>
  company?.mainContact ? [company.mainContact] : [];

/** Validates with the server's schema (spec 2 §5 "Company"). */
export function validateCompany(values: CompanyFormValues): Validation<CompanySave> {
  const a = values.address;
  const result = CompanySaveSchema.safeParse({
    name: values.name,
    cnpj: values.cnpj,
    email: values.email,
    phone: values.phone,
    address: { ...a, state: a.state ?? null },
    tags: values.tags,
    mainContactPersonCode: values.mainContactPersonCode ?? null,
  });
  if (result.success) return { payload: result.data, errors: {} };
  return { errors: fieldErrors(result.error.issues) };
}
