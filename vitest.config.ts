import { defineConfig } from 'vitest/config';

const projects = [
  { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
  {
    test: {
      name: 'server-pglite',
      root: './apps/server',
      include: ['src/**/*.test.ts'],
      env: { TEST_ENGINE: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  './apps/web/vitest.config.ts',
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-postgres',
      root: './apps/server',
      include: ['src/**/*.test.ts'],
      env: { TEST_ENGINE: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // one PostgreSQL database per run: files share it, so they run one at a time
      fileParallelism: false,
    },
  } as never);
}

export default defineConfig({ test: { projects: projects as never } });
