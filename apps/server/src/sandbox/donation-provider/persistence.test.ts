import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callProvider, campaignBody, candidateBody } from './provider-test-kit.ts';
import { startDonationSandbox } from './server.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doacoes-sandbox-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('state file', () => {
  it('keeps accounts across a restart, ids keep increasing, the file is replaced whole', async () => {
    const stateFile = path.join(dir, 'estado.json');
    const first = await startDonationSandbox({ stateFile });
    const created = await callProvider(first, 'token-persiste', 'POST', '/candidatos', candidateBody());
    first.confirmCandidate(created.json.id);
    const campaign = (
      await callProvider(first, 'token-persiste', 'POST', '/campanhas', campaignBody(created.json.id))
    ).json;
    await first.close();
    expect(fs.readdirSync(dir)).toEqual(['estado.json']);

    const second = await startDonationSandbox({ stateFile });
    try {
      const found = await callProvider(second, 'token-persiste', 'GET', '/candidatos/52998224725');
      expect(found.json).toMatchObject({ id: created.json.id, confirmado: true });
      const listed = await callProvider(second, 'token-persiste', 'GET', '/campanhas');
      expect(listed.json.campanhas).toHaveLength(1);
      expect(listed.json.campanhas[0]).toMatchObject({
        token: campaign.token,
        campanha_url: campaign.campanha_url,
      });
      const next = await callProvider(
        second,
        'token-persiste',
        'POST',
        '/candidatos',
        candidateBody({ cpf: '11144477735' }),
      );
      expect(next.json.id).toBeGreaterThan(created.json.id);
      expect((await callProvider(second, 'outro-token', 'GET', '/candidatos/52998224725')).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('refuses to start on an unreadable state file rather than losing it', async () => {
    const stateFile = path.join(dir, 'quebrado.json');
    fs.writeFileSync(stateFile, '{"version":');
    await expect(startDonationSandbox({ stateFile })).rejects.toThrow(/ilegível/);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe('{"version":');
  });
});

describe('delays', () => {
  it('confirmDelayMs confirms a candidate by itself, also one created before a restart', async () => {
    const stateFile = path.join(dir, 'atraso.json');
    const first = await startDonationSandbox({ stateFile });
    const created = await callProvider(first, 'token-atraso', 'POST', '/candidatos', candidateBody());
    await first.close();
    const second = await startDonationSandbox({ stateFile, confirmDelayMs: 50 });
    try {
      const other = await callProvider(
        second,
        'token-atraso',
        'POST',
        '/candidatos',
        candidateBody({ cpf: '11144477735' }),
      );
      expect(other.json.confirmado).toBe(false);
      // confirmed 50 ms later by the sandbox's own timer: wait for the state (the poll's default
      // second would be the machine's speed, not the sandbox's)
      await expect
        .poll(
          async () =>
            (await callProvider(second, 'token-atraso', 'GET', '/candidatos/11144477735')).json.confirmado,
          { timeout: 20_000 },
        )
        .toBe(true);
      const first = await callProvider(second, 'token-atraso', 'GET', '/candidatos/52998224725');
      expect(first.json).toMatchObject({ id: created.json.id, confirmado: true });
    } finally {
      await second.close();
    }
  });
});
