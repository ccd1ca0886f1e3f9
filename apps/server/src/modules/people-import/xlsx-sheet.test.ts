import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportRow } from '@mandato/domain';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../../test/xlsx-fixture.ts';
import { inspectXlsx, verifyEntries } from './xlsx-archive.ts';
import { readSheet } from './xlsx-sheet.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(file: string) {
  const entries = await inspectXlsx(file);
  const { merged } = await verifyEntries(file, entries);
  const rows: ImportRow[] = [];
  const verdict = await readSheet(file, entries, 'PERSON', merged, async (row) => {
    rows.push(row);
  });
  return { rows, verdict };
}

describe('the streaming sheet reader', () => {
  it('keeps multi-byte characters whole across inflated chunks (inline strings, 6,000 rows)', async () => {
    const file = path.join(dir, 'acentos.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Pessoas');
    sheet
      .addRow([
        'nome',
        'email',
        'voto',
        'apelido',
        'genero',
        'influencia',
        'data',
        'celular',
        'telefone',
        'cpf',
        'profissao',
        'zona',
        'secao',
        'observacoes',
        'tags',
        'rua',
        'numero',
        'complemento',
        'bairro',
        'cidade',
        'estado',
        'cep',
        'nome_padrinho',
        'celular_padrinho',
        'email_padrinho',
      ])
      .commit();
    const name = (i: number) => `Conceição Ângela Éverton Ñandú ${i} ção`;
    for (let i = 0; i < 6000; i++) sheet.addRow([name(i), null, 'CONQUISTADO', null, 'NÃO BINÁRIO']).commit();
    sheet.commit();
    await workbook.commit();
    const { rows, verdict } = await read(file);
    expect(verdict.errorLines).toBe(0);
    expect(rows).toHaveLength(6000);
    expect(rows.every((r, i) => r.name === name(i) && r.gender === 'NOT_BINARY')).toBe(true);
  });

  it('reads shared strings, date cells and numbers, with the spreadsheet line numbers', async () => {
    const file = path.join(dir, 'tipos.xlsx');
    fs.writeFileSync(
      file,
      await xlsxOf([
        { nome: 'Ana', data: new Date(Date.UTC(1985, 2, 15)), cpf: 52998224725, influencia: 7 },
        {},
        { nome: 'Bia', data: '01/02/2000', celular: 81999998888 },
      ]),
    );
    const { rows } = await read(file);
    expect(rows).toEqual([
      { line: 2, name: 'Ana', birthDate: '1985-03-15', cpf: '52998224725', influence: 7 },
      { line: 4, name: 'Bia', birthDate: '2000-02-01', cellphone: '81999998888' },
    ]);
  });
});
