import { describe, expect, it } from 'vitest';
import { ErrorAnswerSchema } from '../common/answers.ts';
import { MESSAGES } from '../common/messages.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';
import { IMPORT_MESSAGES, ImportDataSchema, importLogTag } from './import.schemas.ts';
import {
  columnLetter,
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_HEADERS,
  IMPORT_OPTIONAL_HEADERS,
} from './import-columns.ts';
import { cellText, isBlankRow, parseImportRow } from './import-row.ts';

const ok = (cells: Parameters<typeof parseImportRow>[1], type?: 'PERSON' | 'TEAM') => {
  const result = parseImportRow(2, cells, type);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.row;
};
const errors = (cells: Parameters<typeof parseImportRow>[1], type?: 'PERSON' | 'TEAM') => {
  const result = parseImportRow(2, cells, type);
  if (result.ok) throw new Error('esperava inconsistências');
  return result.errors;
};

describe('import spreadsheet columns', () => {
  it('lists the 25 columns of spec 2 §3 in template order, the optional codigo_padrinho and codigo, each with an example that imports', () => {
    expect(IMPORT_HEADERS).toHaveLength(27);
    expect(IMPORT_HEADERS.slice(0, 3)).toEqual(['nome', 'email', 'voto']);
    expect(IMPORT_HEADERS.slice(-5)).toEqual([
      'nome_padrinho',
      'celular_padrinho',
      'email_padrinho',
      'codigo_padrinho',
      'codigo',
    ]);
    expect(IMPORT_OPTIONAL_HEADERS).toEqual(['codigo', 'codigo_padrinho']);
    const example = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.header, c.example]));
    expect(parseImportRow(2, example).ok).toBe(true);
  });

  it('compares headers without case, accents or spaces and names columns by letter', () => {
    expect(headerKey(' Profissão ')).toBe('profissao');
    expect(headerKey('Nome Padrinho')).toBe('nome_padrinho');
    expect([columnLetter(1), columnLetter(26), columnLetter(27), columnLetter(28)]).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
    ]);
  });
});

describe('an import row', () => {
  it('takes a person code (codigo of an export) and refuses anything but a positive integer', () => {
    expect(ok({ nome: 'Ana', codigo: '1234' }).code).toBe('1234');
    expect(ok({ nome: 'Ana', codigo: 77 }).code).toBe('77');
    expect(ok({ nome: 'Ana', codigo: '' }).code).toBeUndefined();
    for (const bad of ['0', '-3', '12a', '1.5', '1234567890123456789'])
      expect(errors({ nome: 'Ana', codigo: bad }).codigo).toEqual([IMPORT_MESSAGES.code]);
  });

  it('takes a godfather code (codigo_padrinho of an export) with or without contact (issue 39 item 10)', () => {
    expect(ok({ nome: 'Ana', nome_padrinho: 'João', codigo_padrinho: '55' }).godfather).toEqual({
      name: 'João',
      code: '55',
    });
    expect(ok({ nome: 'Ana', codigo_padrinho: 55 }).godfather).toEqual({ code: '55' });
    for (const bad of ['0', '-3', '12a', '1.5', '1234567890123456789'])
      expect(errors({ nome: 'Ana', nome_padrinho: 'João', codigo_padrinho: bad })).toEqual({
        codigo_padrinho: [IMPORT_MESSAGES.godfatherCode],
      });
    // a name alone only on a row that updates a person (codigo): it names their current godfather
    expect(ok({ nome: 'Ana', codigo: '9', nome_padrinho: 'João' }).godfather).toEqual({ name: 'João' });
    expect(errors({ nome: 'Ana', nome_padrinho: 'João' })).toEqual({
      nome_padrinho: [IMPORT_MESSAGES.godfatherContact],
    });
  });

  it('normalises labels, masks, e-mails, dates and tags', () => {
    const row = ok({
      nome: '  Maria\u00A0da Silva ',
      email: 'Maria@Exemplo.COM.br',
      voto: 'a conquistar',
      genero: 'nao binario',
      influencia: 12,
      data: '05/11/1970',
      celular: '(81) 99999-8888',
      telefone: '81 3333 4444',
      cpf: '529.982.247-25',
      cep: '50050-000',
      estado: 'pe',
      cidade: 'Recife',
      zona: 12,
      secao: '0345',
      tags: 'Saúde, saúde; Educação ,,',
    });
    expect(row).toEqual({
      line: 2,
      name: 'Maria da Silva',
      email: 'maria@exemplo.com.br',
      vote: 'TO_CONQUER',
      gender: 'NOT_BINARY',
      influence: 12,
      birthDate: '1970-11-05',
      cellphone: '81999998888',
      phoneTwo: '8133334444',
      cpf: '52998224725',
      zipCode: '50050000',
      state: 'PE',
      city: 'Recife',
      votingZone: '12',
      votingSection: '0345',
      tags: ['Saúde', 'Educação'],
    });
  });

  it('takes the stored codes, date cells and numbers that lost their leading zeros', () => {
    const row = ok({
      nome: 'Ana',
      voto: 'LOST',
      genero: 'FEMALE',
      data: new Date(Date.UTC(1990, 2, 15)),
      cpf: 1234567890 /* 012.345.678-90 typed as a number */,
      cep: 1001000,
      estado: 'SP',
    });
    expect([row.vote, row.gender, row.birthDate, row.cpf, row.zipCode]).toEqual([
      'LOST',
      'FEMALE',
      '1990-03-15',
      '01234567890',
      '01001000',
    ]);
  });

  it('answers the pt-BR message of each field', () => {
    expect(errors({ nome: 'A', email: 'a@' })).toEqual({ email: [PERSON_MESSAGES.email] });
    expect(errors({ nome: 'A', voto: 'talvez' })).toEqual({ voto: [IMPORT_MESSAGES.vote] });
    expect(errors({ nome: 'A', genero: 'x' })).toEqual({ genero: [IMPORT_MESSAGES.gender] });
    expect(errors({ nome: 'A', influencia: '-1' })).toEqual({ influencia: [IMPORT_MESSAGES.influence] });
    expect(errors({ nome: 'A', influencia: 2_000_000 })).toEqual({ influencia: [IMPORT_MESSAGES.influence] });
    expect(errors({ nome: 'A', data: '1990-03-15' })).toEqual({ data: [PERSON_MESSAGES.date] });
    expect(errors({ nome: 'A', data: '01/01/2999' })).toEqual({ data: [PERSON_MESSAGES.date] });
    expect(errors({ nome: 'A', celular: '9999' })).toEqual({ celular: [PERSON_MESSAGES.phone] });
    expect(errors({ nome: 'A', celular: '81 99999-888a' })).toEqual({ celular: [PERSON_MESSAGES.phone] });
    expect(errors({ nome: 'A', cpf: '123.456.789-00' })).toEqual({ cpf: [PERSON_MESSAGES.cpf] });
    expect(errors({ nome: 'A', zona: '1a' })).toEqual({ zona: [IMPORT_MESSAGES.numeric] });
    expect(errors({ nome: 'A', secao: '12345678901' })).toEqual({ secao: [IMPORT_MESSAGES.tooLong(10)] });
    expect(errors({ nome: 'A', estado: 'Pernambuco' })).toEqual({ estado: [IMPORT_MESSAGES.state] });
    expect(errors({ nome: 'A', bairro: 'Centro' })).toEqual({ estado: [PERSON_MESSAGES.stateRequired] });
    expect(errors({ nome: 'A', cep: '5005', estado: 'PE' })).toEqual({ cep: [PERSON_MESSAGES.cep] });
    expect(errors({ nome: 'A', tags: 'x'.repeat(61) })).toEqual({ tags: [IMPORT_MESSAGES.tag] });
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
    expect(errors({ nome: 'A', tags: many })).toEqual({ tags: [IMPORT_MESSAGES.tooManyTags] });
    expect(errors({ apelido: 'Só apelido' })).toEqual({ nome: [PERSON_MESSAGES.oneOfRequired] });
    expect(errors({ nome: 'A'.repeat(151) })).toEqual({ nome: [IMPORT_MESSAGES.tooLong(150)] });
    expect(errors({ nome: 'A', observacoes: 'x'.repeat(5001) })).toEqual({
      observacoes: [IMPORT_MESSAGES.tooLong(5000)],
    });
  });

  it('needs a phone or an e-mail for the godfather, and an e-mail for a team member', () => {
    expect(errors({ nome: 'A', nome_padrinho: 'João' })).toEqual({
      nome_padrinho: [IMPORT_MESSAGES.godfatherContact],
    });
    expect(errors({ nome: 'A', nome_padrinho: 'João', celular_padrinho: '123' })).toEqual({
      celular_padrinho: [PERSON_MESSAGES.phone],
    });
    expect(ok({ nome: 'A', nome_padrinho: 'João', email_padrinho: 'JOAO@x.com.br' }).godfather).toEqual({
      name: 'João',
      email: 'joao@x.com.br',
    });
    expect(ok({ nome: 'A', celular_padrinho: '81988887777' }).godfather).toEqual({
      cellphone: '81988887777',
    });
    expect(errors({ nome: 'A' }, 'TEAM')).toEqual({ email: [PERSON_MESSAGES.teamNeedsEmail] });
    expect(ok({ nome: 'A', email: 'a@b.com.br' }, 'TEAM').email).toBe('a@b.com.br');
  });

  it('cleans UTF-8 oddities and refuses broken text and control characters', () => {
    expect(ok({ nome: '\uFEFFJose\u0301\u200B' }).name).toBe('José');
    expect(errors({ nome: 'Ana\uD800' })).toEqual({ nome: [IMPORT_MESSAGES.badText] });
    expect(errors({ nome: 'Ana\u0001' })).toEqual({ nome: [MESSAGES.controlCharacters] });
    expect(cellText('linha 1\nlinha 2')).toBe('linha 1\nlinha 2');
    expect(cellText(1.5)).toBe('1,5');
    expect(cellText(true)).toBe('VERDADEIRO');
    expect(isBlankRow([' ', '\u200B', null, undefined])).toBe(true);
    expect(isBlankRow([' ', 0])).toBe(false);
  });
});

describe('import answers', () => {
  it('reads the JSON part strictly', () => {
    expect(ImportDataSchema.parse({ updateBehavior: 'SKIP' })).toEqual({
      updateBehavior: 'SKIP',
      type: 'PERSON',
    });
    expect(ImportDataSchema.safeParse({ updateBehavior: 'SKIP', extra: 1 }).success).toBe(false);
    expect(ImportDataSchema.safeParse({ updateBehavior: 'MERGE' }).success).toBe(false);
    expect(ImportDataSchema.safeParse({ updateBehavior: 'SKIP', type: 'COMPANY' }).success).toBe(false);
  });

  it("tags a log 'Falha', 'Sucesso' or 'Importando' (spec 2 §4)", () => {
    expect(importLogTag({ failure: true, concluded: true })).toBe('Falha');
    expect(importLogTag({ failure: false, concluded: true })).toBe('Sucesso');
    expect(importLogTag({ failure: false, concluded: false })).toBe('Importando');
  });

  it('names the plan limit in the refusal', () => {
    expect(IMPORT_MESSAGES.planLimit(10000, 9500, 600)).toBe(
      'A importação passaria o limite de 10.000 contatos do seu plano: 9.500 cadastrados e 600 novos na planilha',
    );
  });

  it('lets the error answer carry messages by line and column', () => {
    const answer = {
      message: IMPORT_MESSAGES.inconsistencies,
      errors: { '7': { cpf: [PERSON_MESSAGES.cpf] } },
    };
    expect(ErrorAnswerSchema.safeParse(answer).success).toBe(true);
    expect(ErrorAnswerSchema.safeParse({ message: 'x', errors: { '7': { cpf: 'x' } } }).success).toBe(false);
    expect(ErrorAnswerSchema.safeParse({ message: 'x', errors: { '7': [1] } }).success).toBe(false);
  });
});
