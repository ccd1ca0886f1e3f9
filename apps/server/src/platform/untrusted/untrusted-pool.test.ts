import { UNTRUSTED_MESSAGES } from '@mandato/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { UntrustedPool, type UntrustedPoolOptions } from './untrusted-pool.ts';

const entry = new URL('./untrusted-pool.test-worker.ts', import.meta.url);
let pools: UntrustedPool[] = [];
const pool = (options: Partial<UntrustedPoolOptions> = {}) => {
  const created = new UntrustedPool({
    entry,
    loader: 'tsx/esm/api',
    workers: 2,
    heapMb: 64,
    seconds: 5,
    perTenant: 4,
    waiting: 16,
    ...options,
  });
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('UntrustedPool', () => {
  it('runs a task in a worker and answers its output', async () => {
    const p = pool();
    expect(await p.run('echo', { a: [1, 'dois'] }, { tenantId: 't1' })).toEqual({ a: [1, 'dois'] });
  });

  it('ends a task past its time with a 400 naming the limit, and the next task runs', async () => {
    const p = pool({ seconds: 1 });
    const error = await refusal(p.run('spin', null, { tenantId: 't1' }));
    expect([error.status, error.message]).toEqual([400, UNTRUSTED_MESSAGES.timeLimit(1)]);
    expect(await p.run('echo', 'de novo', { tenantId: 't1' })).toBe('de novo');
  });

  it('ends a task past its heap with a 400 naming the limit, and the next task runs', async () => {
    const p = pool({ heapMb: 32, seconds: 60 });
    const error = await refusal(p.run('hog', null, { tenantId: 't1' }));
    expect([error.status, error.message]).toEqual([400, UNTRUSTED_MESSAGES.memoryLimit(32)]);
    expect(await p.run('echo', 'de novo', { tenantId: 't1' })).toBe('de novo');
  });

  it('answers a refusal as a 400 with its message and field errors; a defect, an overflow or an exit as a 400', async () => {
    const failures: string[] = [];
    const p = pool({ onFailure: (task) => failures.push(task) });
    const refused = await refusal(p.run('refuse', 'HTML grande demais', { tenantId: 't1' }));
    expect([refused.status, refused.message, refused.errors]).toEqual([
      400,
      'HTML grande demais',
      { html: ['HTML grande demais'] },
    ]);
    for (const task of ['crash', 'overflow', 'exit']) {
      const error = await refusal(p.run(task, null, { tenantId: 't1' }));
      expect([error.status, error.message]).toEqual([400, UNTRUSTED_MESSAGES.failed]);
    }
    expect(failures).toEqual(['crash', 'overflow']);
    expect(await p.run('echo', 'vivo', { tenantId: 't1' })).toBe('vivo');
  });

  it('hands chunks to the caller in order, the task waiting for each (that wait is not its time)', async () => {
    const p = pool({ seconds: 1 });
    const seen: unknown[] = [];
    const output = await p.run('chunks', 5, {
      tenantId: 't1',
      onChunk: async (chunk) => {
        seen.push(chunk);
        await new Promise((resolve) => setTimeout(resolve, 300)); // the database, slower than the task's time in all
      },
    });
    expect([output, seen]).toEqual(['fim', [0, 1, 2, 3, 4]]);
  });

  it('bounds the tasks of one tenant (429), and serves another tenant while that one spins', async () => {
    const p = pool({ workers: 2, perTenant: 3, seconds: 600 });
    let settled = 0;
    const hostile = [1, 2, 3].map(() =>
      p.run('spin', null, { tenantId: 'hostil' }).then(
        () => settled++,
        (error: Error) => {
          settled++;
          return error;
        },
      ),
    );
    const fourth = await refusal(p.run('echo', 1, { tenantId: 'hostil' }));
    expect([fourth.status, fourth.message]).toEqual([429, UNTRUSTED_MESSAGES.busy]);
    // one tenant never runs on every worker: the other is served while the first still spins
    expect(await p.run('echo', 'outro', { tenantId: 'outro' })).toBe('outro');
    expect(settled).toBe(0);
    expect(p.load).toEqual({ running: 1, waiting: 2, workers: 2 });
    await p.close();
    expect((await Promise.all(hostile)).every((e) => e instanceof Error)).toBe(true);
  });

  it('fails the waiting tasks, not forever, when a worker cannot load its module', async () => {
    const failures: string[] = [];
    const p = pool({
      entry: new URL('./nao-existe.ts', import.meta.url),
      onFailure: (task) => failures.push(task),
    });
    const error = await refusal(p.run('echo', 1, { tenantId: 't1' }));
    expect([error.status, error.message]).toEqual([400, UNTRUSTED_MESSAGES.failed]);
    expect(p.load).toEqual({ running: 0, waiting: 0, workers: 0 });
    expect(failures).toEqual(['(início)']);
  });
});
