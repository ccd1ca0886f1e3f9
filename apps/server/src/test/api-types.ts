import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from './test-app.ts';

/** The web's generated API types (checked in; `npm run api:types` writes them). */
export const API_TYPES_FILE = fileURLToPath(
  new URL('../../../web/src/platform/api/openapi.gen.ts', import.meta.url),
);

const HEADER = `// Generated from the server's OpenAPI document by \`npm run api:types\`: do not edit.
// apps/server/src/platform/http/api-types.test.ts fails when this file is out of date.

`;

/** The OpenAPI document of a test app (no socket: fastify-swagger builds it in memory). */
export async function readApiDocument(): Promise<unknown> {
  const t = await createTestApp();
  try {
    await t.api.ready();
    return t.api.swagger();
  } finally {
    await t.close();
  }
}

/** The TypeScript types of an OpenAPI document, as the web imports them. */
export async function renderApiTypes(document: unknown): Promise<string> {
  return HEADER + astToString(await openapiTS(document as never));
}
