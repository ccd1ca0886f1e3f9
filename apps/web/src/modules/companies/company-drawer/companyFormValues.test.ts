import { PERSON_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { type CompanyFormValues, EMPTY_COMPANY_FORM, validateCompany } from './companyFormValues.ts';

const form = (patch: Partial<CompanyFormValues>): CompanyFormValues => ({ ...EMPTY_COMPANY_FORM, ...patch });

describe('company form validation (spec 2 §5 "Company")', () => {
  it('needs a name', () => {
    expect(validateCompany(form({})).errors.name).toEqual(['Campo Obrigatório']);
  });
  it('checks CNPJ, phone and the state of a filled address', () => {
    const e = validateCompany(
      form({
        name: 'Escola',
        cnpj: '11.111.111/1111-11',
        phone: '(81) 0000-0000',
        address: { ...EMPTY_COMPANY_FORM.address, street: 'Rua A' },
      }),
    ).errors;
    expect(e.cnpj).toEqual([PERSON_MESSAGES.cnpj]);
    expect(e.phone).toEqual([PERSON_MESSAGES.phone]);
    expect(e['address.state']).toEqual([PERSON_MESSAGES.stateRequired]);
  });
  it('builds the payload without masks', () => {
    const v = validateCompany(form({ name: 'Escola', cnpj: '11.222.333/0001-81', phone: '(81) 3265-4321' }));
    expect(v.payload).toMatchObject({
      name: 'Escola',
      cnpj: '11222333000181',
      phone: '8132654321',
      address: null,
    });
  });
});
