import type { SessionUser } from '@mandato/domain';
import { useApiQuery } from '../../platform/api/useApiQuery.ts';

/** GET /api/users/me */
export function useMyProfile() {
  return useApiQuery<SessionUser>(['users', 'me'], '/users/me', undefined, {
    request: { errorText: 'Ocorreu algum erro ao buscar informações' },
  });
}
