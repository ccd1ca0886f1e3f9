/** 'Lembrar-me': domain and e-mail kept in plain localStorage to prefill the login form. */
const REMEMBER_KEY = 'mandato.remember';

export interface RememberedLogin {
  domain: string;
  email: string;
}

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

export function loadRememberedLogin(): RememberedLogin | null {
  try {
    const raw = storage()?.getItem(REMEMBER_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RememberedLogin>;
    if (typeof value.domain !== 'string' || typeof value.email !== 'string') return null;
    return { domain: value.domain, email: value.email };
  } catch {
    return null;
  }
}

export function saveRememberedLogin(value: RememberedLogin): void {
  storage()?.setItem(REMEMBER_KEY, JSON.stringify(value));
}

export function forgetRememberedLogin(): void {
  storage()?.removeItem(REMEMBER_KEY);
}
