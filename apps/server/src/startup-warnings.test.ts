import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config/config.ts';
import { startupWarnings } from './platform/config/startup-warnings.ts';
import { closeAppContext, createAppContext } from './services.ts';
import { createTestDatabase } from './test/test-database.ts';

/**
 * Issue 39 item 6: in production the List-Unsubscribe URI of every shot is built on PUBLIC_URL, and
 * RFC 8058 §3.1 wants it https: the server says so when it starts.
 */
describe('start-up warnings', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ WEB_DIST: '/nonexistent', FILES_DIR: '/nonexistent', ...env });

  it('production with a PUBLIC_URL that is not https (or none) is warned; https, or development, is not', () => {
    const warned = (env: Record<string, string>) => startupWarnings(config(env));
    expect(warned({ NODE_ENV: 'production', PUBLIC_URL: 'http://mandato.exemplo.com.br' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL \(http:\/\/mandato\.exemplo\.com\.br\) não é https/),
    ]);
    // no NODE_ENV is production (config.ts); no PUBLIC_URL is http://localhost:PORT
    expect(warned({})).toHaveLength(1);
    expect(warned({ NODE_ENV: 'production', PUBLIC_URL: 'mandato.exemplo.com.br' })).toHaveLength(1);
    expect(warned({ NODE_ENV: 'production', PUBLIC_URL: 'HTTPS://Mandato.exemplo.com.br/' })).toEqual([]);
    expect(warned({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(warned({ NODE_ENV: 'test' })).toEqual([]);
  });

  it('is logged when the app context is created (main.ts, at start)', { timeout: 120_000 }, async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const { db, cleanup } = await createTestDatabase();
    try {
      for (const publicUrl of ['http://mandato.exemplo.com.br', 'https://mandato.exemplo.com.br']) {
        lines.length = 0;
        const { app, worker } = await createAppContext(
          { ...config({ NODE_ENV: 'test' }), env: 'production', publicUrl },
          db,
          log,
        );
        await worker.stop();
        await closeAppContext(app);
        const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
        if (publicUrl.startsWith('https')) expect(warnings).toEqual([]);
        else expect(warnings).toEqual([expect.stringContaining('não é https')]);
      }
    } finally {
      await cleanup();
    }
  });
});
