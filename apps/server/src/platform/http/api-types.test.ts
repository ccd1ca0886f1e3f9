import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, readApiDocument, renderApiTypes } from '../../test/api-types.ts';
import { testEngine } from '../../test/test-database.ts';

const OUT_OF_DATE = 'apps/web/src/platform/api/openapi.gen.ts is out of date: run npm run api:types';

describe(`the web's generated API types (${testEngine})`, () => {
  let document: { paths: Record<string, unknown> };
  let checkedIn: string;
  beforeAll(async () => {
    document = (await readApiDocument()) as typeof document;
    checkedIn = fs.readFileSync(API_TYPES_FILE, 'utf8');
  });

  it('are the types of the current OpenAPI document', async () => {
    // a route whose path, body or answer changed is regenerated, and the web's calls compile against it
    expect(checkedIn === (await renderApiTypes(document)), OUT_OF_DATE).toBe(true);
  });

  it('differ once a route changes (the comparison has teeth)', async () => {
    const { '/api/tags': _tags, ...paths } = document.paths;
    const types = await renderApiTypes({ ...document, paths });
    expect(types === checkedIn).toBe(false);
    expect(types).not.toContain('"/api/tags":');
  });
});
