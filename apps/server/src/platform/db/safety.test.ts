import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { openPostgres } from './engine.ts';
import { assertSafeAppRole } from './safety.ts';

describe.runIf(testEngine === 'postgres')('app role safety on PostgreSQL', () => {
  it('accepts the plain login role and refuses the owner role', async () => {
    const { db, ownerUrl, cleanup } = await createTestDatabase();
    try {
      await expect(assertSafeAppRole(db)).resolves.toBeUndefined();
      const asOwner = await openPostgres(ownerUrl as string);
      await expect(assertSafeAppRole(asOwner)).rejects.toThrow(/papel de login comum/);
      await asOwner.close();
    } finally {
      await cleanup();
    }
  });
});
