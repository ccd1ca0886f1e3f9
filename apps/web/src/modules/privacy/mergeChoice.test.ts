import { describe, expect, it } from 'vitest';
import {
  defaultFields,
  defaultSurvivor,
  fieldDiffers,
  mergeRequestOf,
  recordDetails,
  SHOWN_FIELDS,
  shownValue,
} from './mergeChoice.ts';
import type { DuplicateGroup, DuplicatePerson } from './privacyTypes.ts';

const ana: DuplicatePerson = {
  code: 7,
  name: 'Ana Souza',
  email: 'ana@x.br',
  createdAt: '2026-01-02T10:00:00Z',
};
const anaOld: DuplicatePerson = {
  code: 3,
  name: 'Ana Souza',
  mobile: '11988887777',
  cpf: '52998224725',
  createdAt: '2025-05-01T10:00:00Z',
};
const group: DuplicateGroup = { key: 'NAME_BIRTH', keys: ['NAME_BIRTH'], score: 70, people: [ana, anaOld] };

describe('shown values (issue 40)', () => {
  it("masks phone and CPF, writes a date in pt-BR and nothing as '—'", () => {
    expect(shownValue('cellphone', '71982827939')).toBe('(71) 98282-7939');
    expect(shownValue('cellphone', '7133334444')).toBe('(71) 3333-4444');
    expect(shownValue('cpf', '52998224725')).toBe('529.982.247-25');
    expect(shownValue('birthDate', '1980-05-17')).toBe('17/05/1980');
    expect(shownValue('email', 'ana@x.br')).toBe('ana@x.br');
    expect(shownValue('email', '')).toBe('—');
  });

  it('tells two records of one name apart: code and the values that differ', () => {
    expect(recordDetails(group.people, ana)).toBe('Código 7 · CPF: — · E-mail: ana@x.br · Celular: —');
    expect(recordDetails(group.people, anaOld)).toBe(
      'Código 3 · CPF: 529.982.247-25 · E-mail: — · Celular: (11) 98888-7777',
    );
    expect(recordDetails([ana, { ...ana, code: 8 }], ana)).toBe('Código 7');
  });
});

describe('merge choice', () => {
  it('keeps the oldest record by default', () => {
    expect(defaultSurvivor(group.people)).toBe(3);
  });

  it("takes the survivor's value, or another person's where the survivor has none", () => {
    expect(defaultFields(group.people, 3)).toEqual({ name: 3, cpf: 3, email: 7, cellphone: 3, birthDate: 3 });
    expect(defaultFields(group.people, 7)).toEqual({ name: 7, cpf: 3, email: 7, cellphone: 3, birthDate: 7 });
  });

  it('asks only about fields whose values differ', () => {
    const asked = SHOWN_FIELDS.filter((f) => fieldDiffers(group.people, f.value)).map((f) => f.field);
    expect(asked).toEqual(['cpf', 'email', 'cellphone']);
  });

  it('merges the others into the survivor and drops a choice of someone outside the group', () => {
    expect(mergeRequestOf(group, { survivorCode: 7, fields: { email: 7, cpf: 3, name: 99 } })).toEqual({
      survivorCode: 7,
      mergedCodes: [3],
      fields: { email: 7, cpf: 3 },
    });
  });
});
