import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from './test/test-database.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-cli-'));
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [path.join(import.meta.dirname, 'cli.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.runIf(testEngine === 'pglite')('operator CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a tenant and a user, and refuses bad arguments with exit 1', async () => {
    expect(
      await cli('tenant', 'create', '--slug', 'gabinete', '--name', 'Gabinete', '--plan', 'ideal'),
    ).toMatchObject({ code: 0 });
    const user = await cli(
      'user',
      'create',
      '--tenant',
      'gabinete',
      '--email',
      'a@b.com',
      '--password',
      'segredo1',
      '--name',
      'A',
      '--permissions',
      'ROLE_CRM,ROLE_TEAM',
    );
    expect(user).toMatchObject({ code: 0, out: expect.stringContaining('Usuário a@b.com criado') });
    expect(
      await cli('user', 'set-active', '--tenant', 'gabinete', '--email', 'a@b.com', '--active', 'false'),
    ).toMatchObject({ code: 0 });

    expect(await cli('tenant', 'set-module', '--slug', 'gabinete', '--demands', 'on')).toMatchObject({
      code: 0,
      out: expect.stringContaining('módulo de demandas ligado'),
    });
    expect(await cli('tenant', 'set-module', '--slug', 'gabinete', '--demands', 'sim')).toMatchObject({
      code: 1,
      out: expect.stringContaining('--demands deve ser on ou off'),
    });
    expect(await cli('tenant', 'set-module', '--slug', 'nenhum', '--demands', 'off')).toMatchObject({
      code: 1,
    });

    const badPlan = await cli('tenant', 'create', '--slug', 'outro', '--name', 'O', '--plan', 'GOLD');
    expect(badPlan).toMatchObject({ code: 1, out: expect.stringContaining('Plano inválido') });
    const missing = await cli('user', 'create', '--tenant', 'gabinete');
    expect(missing).toMatchObject({ code: 1, out: expect.stringContaining('Opção obrigatória ausente') });
    const badRole = await cli(
      'user',
      'create',
      '--tenant',
      'gabinete',
      '--email',
      'c@d.com',
      '--password',
      'segredo1',
      '--name',
      'C',
      '--permissions',
      'ROLE_ROOT',
    );
    expect(badRole).toMatchObject({ code: 1, out: expect.stringContaining('Permissões inválidas') });
    expect(await cli('voar')).toMatchObject({
      code: 1,
      out: expect.stringContaining('Comando desconhecido'),
    });
  }, 240_000); // seven CLI processes, each compiling with tsx and opening PGlite: slow on a loaded machine

  it('sets and rotates a marketing secret, printed once', async () => {
    await cli('tenant', 'create', '--slug', 'mkt', '--name', 'Mkt', '--plan', 'basic');
    const first = await cli('marketing', 'secret', '--slug', 'mkt');
    expect(first).toMatchObject({ code: 0, out: expect.stringContaining('Novo segredo de marketing') });
    const second = await cli('marketing', 'secret', '--slug', 'mkt');
    const secretOf = (out: string) => out.trim().split('\n').at(-1) as string;
    expect(secretOf(second.out)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secretOf(second.out)).not.toBe(secretOf(first.out));
    expect(await cli('marketing', 'secret', '--slug', 'nenhum')).toMatchObject({ code: 1 });
  }, 120_000);
});
