import { useSyncExternalStore } from 'react';
import { sessionStore } from './sessionStore.ts';
import type { SessionState } from './types.ts';

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

export function useSession() {
  return useSessionState().session;
}

export function useTenantSchema() {
  return useSessionState().domain.schema;
}
