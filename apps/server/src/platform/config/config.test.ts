import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths.ts';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs in production unless told otherwise: no NODE_ENV, or an unknown one, hides /api/docs', () => {
    expect(loadConfig({}).env).toBe('production');
    expect(loadConfig({ NODE_ENV: '' }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'staging' }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('test');
  });

  it('starts the product in production and only the development server in development', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toMatch(/^NODE_ENV=production node /);
    expect(scripts.dev).toMatch(/^NODE_ENV=development tsx /);
  });
});
