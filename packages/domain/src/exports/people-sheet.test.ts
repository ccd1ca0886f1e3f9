import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/field-errors.ts';
import { MESSAGES } from '../common/messages.ts';
import { parseImportRow } from '../imports/import-row.ts';
import {
  PEOPLE_EXPORT_TEXTS,
  PeopleExportSchema,
  PeopleExportsQuerySchema,
} from './people-export.schemas.ts';
import { PEOPLE_SHEET_COLUMNS, type PeopleSheetValues, sheetDate, sheetRow } from './people-sheet.ts';

const blank: PeopleSheetValues = {
  name: null,
  email: null,
  vote: 'TO_CONQUER',
  nickname: null,
  gender: null,
  influence: 0,
  birthDate: null,
  cellphone: null,
  phoneTwo: null,
  cpf: null,
  profession: null,
  votingZone: null,
  votingSection: null,
  notes: null,
  tagNames: [],
  street: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  zipCode: null,
  godfatherName: null,
  godfatherCellphone: null,
  godfatherEmail: null,
  code: '42',
  godfatherCode: null,
};

describe('people sheet', () => {
  it('has the columns of spec 2 §3, in order', () => {
    expect(PEOPLE_SHEET_COLUMNS.join(';')).toBe(
      'nome;email;voto;apelido;genero;influencia;data;celular;telefone;cpf;profissao;zona;secao;' +
        'observacoes;tags;rua;numero;complemento;bairro;cidade;estado;cep;nome_padrinho;' +
        'celular_padrinho;email_padrinho;codigo_padrinho;codigo',
    );
  });

  it('writes dates dd/mm/aaaa', () => {
    expect(sheetDate('1990-03-07')).toBe('07/03/1990');
    expect(sheetDate(null)).toBe('');
    expect(sheetDate('março')).toBe('');
  });

  it('writes one cell per column with the import labels', () => {
    const row = sheetRow({
      ...blank,
      name: 'Ana',
      vote: 'CONQUERED',
      gender: 'NOT_BINARY',
      influence: 3,
      birthDate: '2001-12-31',
      tagNames: ['Saúde', 'Centro'],
      godfatherName: 'João',
      godfatherCode: '7',
    });
    expect(row).toHaveLength(PEOPLE_SHEET_COLUMNS.length);
    const cell = (c: (typeof PEOPLE_SHEET_COLUMNS)[number]) => row[PEOPLE_SHEET_COLUMNS.indexOf(c)];
    expect(cell('voto')).toBe('CONQUISTADO');
    expect(cell('genero')).toBe('NÃO BINÁRIO');
    expect(cell('data')).toBe('31/12/2001');
    expect(cell('tags')).toBe('Saúde, Centro');
    expect(cell('influencia')).toBe(3);
    expect(cell('nome_padrinho')).toBe('João');
    expect(cell('codigo')).toBe('42');
    expect(cell('codigo_padrinho')).toBe('7');
    expect(sheetRow(blank)[PEOPLE_SHEET_COLUMNS.indexOf('voto')]).toBe('A CONQUISTAR');
  });
});

describe('PeopleExportSchema', () => {
  it('defaults to every person as CSV, takes a team export of a saved list', () => {
    expect(PeopleExportSchema.parse({})).toEqual({ expression: [], type: 'PERSON', format: 'CSV' });
    expect(PeopleExportSchema.parse({ type: 'TEAM', segmentCode: 120 })).toEqual({
      expression: [],
      type: 'TEAM',
      segmentCode: 120,
      format: 'CSV',
    });
  });

  it('takes the XLSX format and refuses any other in pt-BR', () => {
    expect(PeopleExportSchema.parse({ format: 'XLSX' }).format).toBe('XLSX');
    for (const format of ['xlsx', 'PDF', '', 1, null]) {
      const result = PeopleExportSchema.safeParse({ format });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error?.issues ?? []).format).toEqual([MESSAGES.notAllowed]);
    }
    expect(PEOPLE_EXPORT_TEXTS.fileNames).toEqual({ CSV: 'exportacao.csv', XLSX: 'exportacao.xlsx' });
  });

  it('refuses voting places, bad codes and unknown keys in pt-BR', () => {
    const result = PeopleExportSchema.safeParse({ type: 'COMPANY', segmentCode: -1, extra: 1 });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error?.issues ?? []);
    expect(errors.type).toEqual([MESSAGES.notAllowed]);
    expect(errors.segmentCode).toEqual([MESSAGES.invalidNested]);
    expect(Object.keys(errors)).toContain('extra');
  });

  it('pages the history', () => {
    expect(PeopleExportsQuerySchema.parse({ page: '2' })).toEqual({ page: 2, itemsPerPage: 10 });
    expect(PeopleExportsQuerySchema.safeParse({ itemsPerPage: 101 }).success).toBe(false);
  });

  it('asks with the count and the type', () => {
    expect(PEOPLE_EXPORT_TEXTS.confirm(1234, 'PERSON')).toBe('Deseja realmente exportar 1.234 pessoas?');
    expect(PEOPLE_EXPORT_TEXTS.confirm(1, 'TEAM')).toBe('Deseja realmente exportar 1 membro da equipe?');
  });
});

describe('export → import round trip', () => {
  it('a row the export writes is read back by the import as the same person', () => {
    const cells = sheetRow({
      ...blank,
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      vote: 'LOST',
      nickname: 'Aninha',
      gender: 'OTHER',
      influence: 7,
      birthDate: '1985-03-15',
      cellphone: '81999998888',
      phoneTwo: '8133334444',
      cpf: '52998224725',
      profession: 'Professora',
      votingZone: '12',
      votingSection: '345',
      notes: 'Nota',
      tagNames: ['Saúde', 'Educação'],
      street: 'Rua da Aurora',
      number: '100',
      complement: 'Apto 201',
      neighborhood: 'Boa Vista',
      city: 'Recife',
      state: 'PE',
      zipCode: '50050000',
      godfatherName: 'João Souza',
      godfatherCellphone: '81988887777',
      godfatherEmail: 'joao@exemplo.com.br',
    });
    const byHeader = Object.fromEntries(
      PEOPLE_SHEET_COLUMNS.map((column, i) => [column, cells[i] === null ? '' : String(cells[i])]),
    );
    const parsed = parseImportRow(2, byHeader);
    expect(parsed).toEqual({
      ok: true,
      row: {
        line: 2,
        code: '42',
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        vote: 'LOST',
        nickname: 'Aninha',
        gender: 'OTHER',
        influence: 7,
        birthDate: '1985-03-15',
        cellphone: '81999998888',
        phoneTwo: '8133334444',
        cpf: '52998224725',
        profession: 'Professora',
        votingZone: '12',
        votingSection: '345',
        notes: 'Nota',
        tags: ['Saúde', 'Educação'],
        street: 'Rua da Aurora',
        number: '100',
        complement: 'Apto 201',
        neighborhood: 'Boa Vista',
        city: 'Recife',
        state: 'PE',
        zipCode: '50050000',
        godfather: { name: 'João Souza', cellphone: '81988887777', email: 'joao@exemplo.com.br' },
      },
    });
  });
});
