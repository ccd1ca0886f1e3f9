import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { namesText, sheetOf, workbookEntries, writeZip } from '../../test/xlsx-bombs.ts';
import { postImport, xlsxOf } from '../../test/xlsx-fixture.ts';

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-xlsx-hostile-'));

/** The files (written by the test, never kept in the repository) and the refusal of each. */
function hostileFiles(): { name: string; file: string; message: string }[] {
  const names = { repeat: namesText(MiB), times: 0 };
  const files = [
    {
      name: 'textos compartilhados de 700 MiB (~6 MiB)',
      entries: workbookEntries(sheetOf('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'), [
        '<sst>',
        { repeat: `<si><t>${namesText(MiB - 16)}</t></si>`, times: 700 },
        '</sst>',
      ]),
      message: IMPORT_MESSAGES.sharedStringsTooLarge,
    },
    {
      name: 'uma célula de 450 MiB (~4 MiB)',
      entries: workbookEntries(
        sheetOf(
          '<row r="2"><c r="A2" t="inlineStr"><is><t>',
          { ...names, times: 450 },
          '</t></is></c></row>',
        ),
      ),
      message: IMPORT_MESSAGES.zipBomb,
    },
    {
      // within the archive's limits: refused while the sheet is read, in the request's transaction
      name: 'uma célula de 128 MiB',
      entries: workbookEntries(
        sheetOf(
          '<row r="2"><c r="A2" t="inlineStr"><is><t>',
          { ...names, times: 128 },
          '</t></is></c></row>',
        ),
      ),
      message: IMPORT_MESSAGES.cellTooLong('A2'),
    },
    {
      name: '900 entradas sobre uma de 1 MiB (~80 KiB)',
      entries: [...workbookEntries(sheetOf()), { name: 'xl/media/image1.xml', pieces: [' '.repeat(MiB)] }],
      overlap: { entry: 'xl/media/image1.xml', copies: 899 },
      message: IMPORT_MESSAGES.overlappingEntries,
    },
  ];
  return files.map((f, i) => {
    const file = path.join(dir, `${i}.xlsx`);
    writeZip(file, f.entries, f.overlap);
    return { name: f.name, file, message: f.message };
  });
}

describe(`hostile XLSX files at POST /api/people/import (${testEngine})`, () => {
  let t: TestApp;
  let attacker: Caller;
  let neighbour: Caller;
  let files: ReturnType<typeof hostileFiles>;
  beforeAll(async () => {
    t = await createTestApp();
    attacker = await signedIn(t, await buildTenant(t), ['ROLE_CRM'], 'Atacante');
    neighbour = await signedIn(t, await buildTenant(t), ['ROLE_CRM'], 'Vizinha');
    await buildPerson(t, neighbour, { name: 'Eleitora da Vizinha' });
    files = hostileFiles();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const neighbourSearch = async () => {
    const res = await call(t, neighbour, 'POST', '/api/people/search', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Eleitora da Vizinha']);
  };

  it('refuses each with a pt-BR 400 naming its limit, answers another tenant meanwhile and stays up', async () => {
    const posts = files.map((f) =>
      postImport(t, attacker.headers, fs.readFileSync(f.file), { updateBehavior: 'SKIP' }),
    );
    const [answers] = await Promise.all([Promise.all(posts), neighbourSearch()]);
    expect(answers.map((a, i) => [files[i]?.name, a.status, a.body.message])).toEqual(
      files.map((f) => [f.name, 400, f.message]),
    );
    // afterwards: the other tenant is answered, nothing was recorded, a real file still imports
    await neighbourSearch();
    expect((await call(t, attacker, 'GET', '/api/people/imports')).body.data.total).toBe(0);
    const real = await postImport(t, attacker.headers, await xlsxOf([{ nome: 'Ana' }]), {
      updateBehavior: 'SKIP',
    });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
  });
});
