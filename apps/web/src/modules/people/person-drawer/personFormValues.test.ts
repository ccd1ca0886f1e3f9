import { PERSON_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PERSON_FORM, type PersonFormValues, validatePerson } from './personFormValues.ts';

const form = (patch: Partial<PersonFormValues>): PersonFormValues => ({ ...EMPTY_PERSON_FORM, ...patch });
const errorsOf = (values: PersonFormValues, isUser = false) => validatePerson(values, isUser).errors;

describe('person form validation (spec 2 §5, shared schema)', () => {
  it('needs at least a name, an e-mail or a cellphone', () => {
    expect(errorsOf(form({})).name).toEqual([PERSON_MESSAGES.oneOfRequired]);
    expect(errorsOf(form({ cellphone: '(81) 98765-4321' }))).toEqual({});
  });
  it('needs an e-mail for a team member', () => {
    expect(errorsOf(form({ name: 'Ana' }), true).email).toEqual([PERSON_MESSAGES.teamNeedsEmail]);
  });
  it('needs the state when any address field is filled', () => {
    const e = errorsOf(form({ name: 'Ana', address: { ...EMPTY_PERSON_FORM.address, city: 'Recife' } }));
    expect(e['address.state']).toEqual([PERSON_MESSAGES.stateRequired]);
  });
  it('checks e-mail, phones, CPF and birth date with the spec messages', () => {
    const e = errorsOf(
      form({
        name: 'Ana',
        email: 'ana@',
        cellphone: '(81) 8765-432',
        phoneTwo: '(81) 0765-4321',
        cpf: '111.111.111-11',
        birthDate: '31/02/1990',
      }),
    );
    expect(e.email).toEqual([PERSON_MESSAGES.email]);
    expect(e.cellphone).toEqual([PERSON_MESSAGES.phone]);
    expect(e.phoneTwo).toEqual([PERSON_MESSAGES.phone]);
    expect(e.cpf).toEqual([PERSON_MESSAGES.cpf]);
    expect(e.birthDate).toEqual([PERSON_MESSAGES.date]);
  });
  it('builds the payload without masks, empty fields or an empty address', () => {
    const v = validatePerson(
      form({
        name: ' Ana ',
        cellphone: '(81) 98765-4321',
        cpf: '529.982.247-25',
        birthDate: '01/02/1990',
        tags: [3],
      }),
      false,
    );
    expect(v.errors).toEqual({});
    expect(v.payload).toMatchObject({
      name: 'Ana',
      cellphone: '81987654321',
      cpf: '52998224725',
      birthDate: '1990-02-01',
      address: null,
      tags: [3],
      vote: 'TO_CONQUER',
      isUser: false,
    });
    expect(JSON.parse(JSON.stringify(v.payload))).not.toHaveProperty('email');
  });
});
