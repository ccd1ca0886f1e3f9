import type { Role } from '@mandato/domain';
import type { BenchLogin } from './bench-database.ts';

/** The bench user every bench signs in as (its tenant's slug and roles are the bench's own). */
export const benchLogin = (permissions: Role[], slug = 'bench'): BenchLogin => ({
  slug,
  email: 'bench@exemplo.com.br',
  password: 'bench-senha-1',
  permissions,
});
