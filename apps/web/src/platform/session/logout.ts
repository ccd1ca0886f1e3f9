import { navigateTo } from '../routing/navigation.ts';
import { PUBLIC_PATHS } from '../routing/paths.ts';
import { sessionStore } from './sessionStore.ts';

type Hook = () => void;
const hooks = new Set<Hook>();

/** Lets other layers (e.g. the query cache) forget user data on logout. */
export function onLogout(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Clears session and tenant, then goes to /login (spec 1 §4). */
export function logout(): void {
  sessionStore.clear();
  for (const hook of hooks) hook();
  navigateTo(PUBLIC_PATHS.login);
}
