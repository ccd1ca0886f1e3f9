import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/field-errors.ts';
import { MESSAGES } from '../common/messages.ts';
import {
  AddressSchema,
  CodesSchema,
  InfluenceUpdateSchema,
  OptionalDateSchema,
  PERSON_MESSAGES,
  PersonSaveSchema,
  VoteUpdateSchema,
} from './person.schemas.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(value)}`);
  return fieldErrors(result.error.issues);
};

describe('PersonSaveSchema', () => {
  it('a name alone is a person; the rest takes its defaults', () => {
    expect(PersonSaveSchema.parse({ name: '  Ana Souza ' })).toEqual({
      name: 'Ana Souza',
      isUser: false,
      vote: 'TO_CONQUER',
      influence: 0,
      tags: [],
      address: null,
    });
  });

  it('keeps only the digits of masked documents and phones, and stores the birth date as ISO', () => {
    const person = PersonSaveSchema.parse({
      name: 'Ana',
      email: ' Ana@Example.COM ',
      cellphone: '(11) 98765-4321',
      phoneTwo: '(21) 3456-7890',
      cpf: '529.982.247-25',
      birthDate: '15/03/1990',
      gender: 'FEMALE',
      vote: 'CONQUERED',
      influence: 3,
      tags: [3, 1, 3],
      address: {
        zipCode: '01310-100',
        street: 'Av. Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
      },
      companyCode: 7,
      godfatherCode: 2,
      isUser: true,
      notes: 'linha 1\nlinha 2',
    });
    expect(person).toMatchObject({
      email: 'ana@example.com',
      cellphone: '11987654321',
      phoneTwo: '2134567890',
      cpf: '52998224725',
      birthDate: '1990-03-15',
      tags: [3, 1],
      address: {
        zipCode: '01310100',
        street: 'Av. Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
      },
      isUser: true,
      notes: 'linha 1\nlinha 2',
    });
  });

  it('leaves out empty strings and nulls; an empty address is no address', () => {
    const person = PersonSaveSchema.parse({
      email: 'ana@example.com',
      name: '',
      cpf: '',
      cellphone: null,
      nickname: '   ',
      birthDate: '',
      address: { street: '', city: null },
    });
    expect(person).toEqual({
      email: 'ana@example.com',
      isUser: false,
      vote: 'TO_CONQUER',
      influence: 0,
      tags: [],
      address: null,
    });
  });

  it('needs a name, an e-mail or a cellphone; a team member needs an e-mail', () => {
    expect(errorsOf(PersonSaveSchema, {})).toEqual({ name: [PERSON_MESSAGES.oneOfRequired] });
    expect(errorsOf(PersonSaveSchema, { name: ' ', email: '' })).toEqual({
      name: [PERSON_MESSAGES.oneOfRequired],
    });
    expect(errorsOf(PersonSaveSchema, { name: 'Ana', isUser: true })).toEqual({
      email: [PERSON_MESSAGES.teamNeedsEmail],
    });
    expect(PERSON_MESSAGES.oneOfRequired).toBe('Informe no mínimo nome ou e-mail ou celular');
  });

  it('answers typical bad input field by field, in pt-BR', () => {
    expect(
      errorsOf(PersonSaveSchema, {
        name: 'Ana',
        email: 'ana@',
        cellphone: '(11) 8765-43',
        cpf: '111.111.111-11',
        birthDate: '31/02/1990',
        gender: 'X',
        vote: 'MAYBE',
        influence: -1,
        tags: [1.5],
        companyCode: 0,
      }),
    ).toEqual({
      email: ['Email inválido'],
      cellphone: ['Telefone inválido'],
      cpf: ['Cpf Inválido'],
      birthDate: ['Data inválida! (dd/mm/aaaa)'],
      gender: ['Valor não permitido'],
      vote: ['Valor não permitido'],
      influence: ['Deve ser um número'],
      'tags.0': ['Deve ser um número inteiro'],
      companyCode: ['Deve ser um número inteiro'],
    });
  });

  it('refuses wrong types, long texts, control characters and unknown keys', () => {
    expect(errorsOf(PersonSaveSchema, { name: 5 })).toEqual({ name: [PERSON_MESSAGES.text] });
    expect(errorsOf(PersonSaveSchema, { name: 'a'.repeat(151) })).toEqual({
      name: ['Máximo de 150 caracteres'],
    });
    expect(errorsOf(PersonSaveSchema, { name: 'Ana\u0000' })).toEqual({ name: [MESSAGES.controlCharacters] });
    expect(errorsOf(PersonSaveSchema, { name: 'Ana', isUser: 'yes' })).toEqual({
      isUser: [MESSAGES.invalidNested],
    });
    expect(errorsOf(PersonSaveSchema, { name: 'Ana', tags: 'a' })).toEqual({
      tags: ['Deve ser uma lista de números inteiros'],
    });
    expect(errorsOf(PersonSaveSchema, { name: 'Ana', role: 'admin' })).toEqual({
      role: [MESSAGES.unknownField],
    });
  });

  it("takes the voting zone and section as the spec's client sends them: numbers", () => {
    const saved = PersonSaveSchema.parse({ name: 'Ana', votingZone: 12, votingSection: 345 });
    expect(saved).toMatchObject({ votingZone: '12', votingSection: '345' });
    expect(PersonSaveSchema.parse({ name: 'Ana', votingZone: '012' }).votingZone).toBe('012');
    for (const votingZone of [1.5, -1, 1e20, Number.NaN, true, [1]])
      expect(PersonSaveSchema.safeParse({ name: 'Ana', votingZone }).success, String(votingZone)).toBe(false);
  });

  it('an address with any field needs the state', () => {
    expect(errorsOf(PersonSaveSchema, { name: 'Ana', address: { city: 'Campinas' } })).toEqual({
      'address.state': [PERSON_MESSAGES.stateRequired],
    });
    expect(errorsOf(AddressSchema, { zipCode: '123', state: 'SP' })).toEqual({
      zipCode: [PERSON_MESSAGES.cep],
    });
    expect(errorsOf(AddressSchema, { state: 'XX' })).toEqual({ state: ['Valor não permitido'] });
    expect(AddressSchema.parse({ state: 'RJ' })).toEqual({ state: 'RJ' });
  });
});

describe('OptionalDateSchema', () => {
  it('takes DD/MM/YYYY or YYYY-MM-DD[ time], from 1901-01-01 to today', () => {
    expect(OptionalDateSchema.parse('29/02/2024')).toBe('2024-02-29');
    expect(OptionalDateSchema.parse('1990-03-15 10:20:30')).toBe('1990-03-15');
    expect(OptionalDateSchema.parse('1901-01-01')).toBe('1901-01-01');
    expect(OptionalDateSchema.parse('')).toBeUndefined();
    expect(OptionalDateSchema.parse(null)).toBeUndefined();
    for (const bad of ['1900-12-31', '29/02/2023', '2999-01-01', '15-03-1990', 'ontem'])
      expect(errorsOf(OptionalDateSchema, bad), bad).toEqual({ _: [PERSON_MESSAGES.date] });
  });
});

describe('small person bodies', () => {
  it('vote, influence and codes', () => {
    expect(VoteUpdateSchema.parse({ vote: 'LOST' })).toEqual({ vote: 'LOST' });
    expect(errorsOf(VoteUpdateSchema, { vote: 'WON' })).toEqual({ vote: ['Valor não permitido'] });
    expect(InfluenceUpdateSchema.parse({ influence: 0 })).toEqual({ influence: 0 });
    expect(errorsOf(InfluenceUpdateSchema, { influence: 1.5 })).toEqual({
      influence: [PERSON_MESSAGES.number],
    });
    expect(errorsOf(InfluenceUpdateSchema, { influence: 'x' })).toEqual({
      influence: [PERSON_MESSAGES.number],
    });
    expect(CodesSchema.parse({ codes: [1, 2] })).toEqual({ codes: [1, 2] });
    expect(Object.keys(errorsOf(CodesSchema, { codes: [] }))).toEqual(['codes']);
    expect(errorsOf(CodesSchema, { codes: 'x' })).toEqual({
      codes: ['Deve ser uma lista de números inteiros'],
    });
  });
});
