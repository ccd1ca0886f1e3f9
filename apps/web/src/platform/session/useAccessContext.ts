import type { AccessContext } from '@mandato/domain';
import { useMemo } from 'react';
import { buildAccessContext } from './accessContext.ts';
import { useSessionState } from './useSession.ts';

export function useAccessContext(): AccessContext {
  const { session, domain } = useSessionState();
  return useMemo(() => buildAccessContext(session?.user, domain.schema), [session?.user, domain.schema]);
}
