import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/engine.ts';
import { cliCommand } from '../../test/cli-command.ts';
import { createTestDatabase } from '../../test/test-database.ts';

describe('operator CLI: marketing plans and credits', () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('grants a recurrent plan and extra credits, and refuses bad options', async () => {
    expect(
      await cliCommand(
        db,
        ...['tenant', 'create', '--slug', 'gab-mkt'],
        ...['--name', 'Gabinete', '--plan', 'premium'],
      ),
    ).toMatchObject({ ok: true });
    expect(
      await cliCommand(
        db,
        ...['marketing', 'plan', '--slug', 'gab-mkt'],
        ...['--type', 'email', '--credits', '5000', '--every', '30'],
      ),
    ).toMatchObject({ ok: true, out: expect.stringContaining('Plano de EMAIL concedido ao tenant gab-mkt') });
    expect(
      await cliCommand(db, 'marketing', 'credit', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '200'),
    ).toMatchObject({ ok: true, out: expect.stringContaining('Créditos extras de SMS concedidos') });
    const refusals: [string[], string][] = [
      [
        ['plan', '--slug', 'gab-mkt', '--type', 'FAX', '--credits', '1', '--every', '30'],
        'Tipo de conta inválido',
      ],
      [
        ['plan', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '0', '--every', '30'],
        'Créditos devem ser um número inteiro',
      ],
      [['plan', '--slug', 'gab-mkt', '--type', 'SMS', '--credits', '10'], '--every'],
      [['credit', '--slug', 'nenhum', '--type', 'SMS', '--credits', '10', '--days', '5'], 'nenhum'],
    ];
    for (const [args, message] of refusals) {
      expect(await cliCommand(db, 'marketing', ...args)).toMatchObject({
        ok: false,
        out: expect.stringContaining(message),
      });
    }
  });
});
