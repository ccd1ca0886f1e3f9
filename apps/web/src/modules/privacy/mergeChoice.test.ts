import { describe, expect, it } from 'vitest';
import { defaultFields, defaultSurvivor, fieldDiffers, mergeRequestOf, SHOWN_FIELDS } from './mergeChoice.ts';
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
