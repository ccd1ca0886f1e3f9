import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-cli-accounts-'));
const tsx = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx');
const cliPath = path.resolve(import.meta.dirname, '../../cli.ts');

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [cliPath, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.runIf(testEngine === 'pglite')('operator CLI: marketing plans and credits', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('grants a recurrent plan and extra credits, and refuses bad options with exit 1', async () => {
    expect(
      await cli('tenant', 'create', '--slug', 'gab-mkt', '--name', 'Gabinete', '--plan', 'premium'),
    ).toMatchObject({ code: 0 });
    expect(
      await cli(
        'marketing',
        'plan',
        '--slug',
        'gab-mkt',
        '--type',
        'email',
        '--credits',
        '5000',
        '--every',
        '30',
      ),
    ).toMatchObject({ code: 0, out: expect.stringContaining('Plano de EMAIL concedido ao tenant gab-mkt') });
    expect(
      await cli('marketing', 'credit', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '200'),
    ).toMatchObject({ code: 0, out: expect.stringContaining('Créditos extras de SMS concedidos') });
    expect(
      await cli('marketing', 'plan', '--slug', 'gab-mkt', '--type', 'FAX', '--credits', '1', '--every', '30'),
    ).toMatchObject({ code: 1, out: expect.stringContaining('Tipo de conta inválido') });
    expect(
      await cli('marketing', 'plan', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '0', '--every', '30'),
    ).toMatchObject({ code: 1, out: expect.stringContaining('Créditos devem ser um número inteiro') });
    expect(
      await cli('marketing', 'plan', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '10'),
    ).toMatchObject({ code: 1, out: expect.stringContaining('--every') });
    expect(
      await cli('marketing', 'credit', '--slug', 'nenhum', '--type', 'SMS', '--credits', '10', '--days', '5'),
    ).toMatchObject({ code: 1, out: expect.stringContaining('nenhum') });
  }, 120_000);
});
