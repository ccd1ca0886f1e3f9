import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsOf } from './cli-commands.ts';
import type { Database } from './platform/db/engine.ts';
import { cliCommand } from './test/cli-command.ts';
import { createTestDatabase, testEngine } from './test/test-database.ts';

describe('operator CLI commands', () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('creates a tenant and a user, switches them and the demands module, and refuses bad options', async () => {
    expect(
      await cliCommand(db, 'tenant', 'create', '--slug', 'gabinete', '--name', 'Gabinete', '--plan', 'ideal'),
    ).toEqual({ ok: true, out: 'Tenant gabinete criado' });
    const user = await cliCommand(
      db,
      ...['user', 'create', '--tenant', 'gabinete', '--email', 'a@b.com', '--password', 'segredo1'],
      ...['--name', 'A', '--permissions', 'ROLE_CRM,ROLE_TEAM'],
    );
    expect(user).toMatchObject({ ok: true, out: expect.stringContaining('Usuário a@b.com criado') });
    expect(
      await cliCommand(
        db,
        'user',
        'set-active',
        '--tenant',
        'gabinete',
        '--email',
        'a@b.com',
        '--active',
        'false',
      ),
    ).toEqual({ ok: true, out: 'Usuário a@b.com desativado' });
    expect(
      await cliCommand(db, 'tenant', 'set-module', '--slug', 'gabinete', '--demands', 'on'),
    ).toMatchObject({
      ok: true,
      out: expect.stringContaining('módulo de demandas ligado'),
    });
    expect(
      await cliCommand(db, 'tenant', 'set-module', '--slug', 'gabinete', '--demands', 'sim'),
    ).toMatchObject({
      ok: false,
      out: expect.stringContaining('--demands deve ser on ou off'),
    });
    expect(
      await cliCommand(db, 'tenant', 'set-module', '--slug', 'nenhum', '--demands', 'off'),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await cliCommand(db, 'tenant', 'create', '--slug', 'outro', '--name', 'O', '--plan', 'GOLD'),
    ).toMatchObject({ ok: false, out: expect.stringContaining('Plano inválido') });
    expect(await cliCommand(db, 'user', 'create', '--tenant', 'gabinete')).toMatchObject({
      ok: false,
      out: expect.stringContaining('Opção obrigatória ausente'),
    });
    const badRole = await cliCommand(
      db,
      ...['user', 'create', '--tenant', 'gabinete', '--email', 'c@d.com', '--password', 'segredo1'],
      ...['--name', 'C', '--permissions', 'ROLE_ROOT'],
    );
    expect(badRole).toMatchObject({ ok: false, out: expect.stringContaining('Permissões inválidas') });
    expect(await cliCommand(db, 'tenant', 'create', '--slug', 'gabinete', '--nome', 'x')).toMatchObject({
      ok: false,
    });
    expect(await cliCommand(db, 'voar')).toMatchObject({
      ok: false,
      out: expect.stringContaining('Comando desconhecido'),
    });
  });

  it('sets and rotates a marketing secret, printed once', async () => {
    await cliCommand(db, 'tenant', 'create', '--slug', 'mkt', '--name', 'Mkt', '--plan', 'basic');
    const first = await cliCommand(db, 'marketing', 'secret', '--slug', 'mkt');
    expect(first).toMatchObject({ ok: true, out: expect.stringContaining('Novo segredo de marketing') });
    const second = await cliCommand(db, 'marketing', 'secret', '--slug', 'mkt');
    const secretOf = (out: string) => out.trim().split('\n').at(-1) as string;
    expect(secretOf(second.out)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secretOf(second.out)).not.toBe(secretOf(first.out));
    expect(await cliCommand(db, 'marketing', 'secret', '--slug', 'nenhum')).toMatchObject({ ok: false });
  });

  it('splits the arguments into commands at each --and', () => {
    expect(
      commandsOf(['seed', 'demo', '--and', 'tenant', 'set-active', '--slug', 'x', '--active', 'false']),
    ).toEqual([
      ['seed', 'demo'],
      ['tenant', 'set-active', '--slug', 'x', '--active', 'false'],
    ]);
  });
});

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

/** The CLI as an operator runs it: a process of its own on a data directory (PGlite). */
describe.runIf(testEngine === 'pglite')('operator CLI process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
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

  it('runs commands in order in one process (--and), stops at the first error with exit 1 and the usage', async () => {
    const done = await cli(
      ...['tenant', 'create', '--slug', 'gabinete', '--name', 'Gabinete', '--plan', 'ideal', '--and'],
      ...['user', 'create', '--tenant', 'gabinete', '--email', 'a@b.com', '--password', 'segredo1'],
      ...['--name', 'A', '--permissions', 'ROLE_CRM,ROLE_TEAM', '--and'],
      ...['user', 'set-active', '--tenant', 'gabinete', '--email', 'a@b.com', '--active', 'false'],
    );
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/Tenant gabinete criado\nUsuário a@b.com criado .*\nUsuário a@b.com desativado/);

    const stopped = await cli(
      ...['tenant', 'create', '--slug', 'outro', '--nome', 'O', '--and'],
      ...['tenant', 'create', '--slug', 'depois', '--name', 'D', '--plan', 'basic'],
    );
    expect(stopped).toMatchObject({ code: 1, out: expect.stringContaining("Unknown option '--nome'") });
    expect(stopped.out).toContain('Uso: npm run cli');
    // the commands after the error did not run: 'depois' was not created
    const after = await cli('tenant', 'set-active', '--slug', 'depois', '--active', 'false');
    expect(after).toMatchObject({ code: 1, out: expect.stringContaining('depois') });
  }, 120_000); // three CLI processes, each compiling with tsx and opening PGlite: slow on a loaded machine
});
