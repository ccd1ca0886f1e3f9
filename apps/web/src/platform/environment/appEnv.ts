/** 'production' only on the real deployment (VITE_APP_ENV, default 'development'). */
export interface AppEnv {
  PROD: boolean;
  VITE_APP_ENV?: string;
}

/** DEV badge: shown unless this is a production build for the production environment (spec 1 §1). */
export function isDevEnvironment(env: AppEnv = import.meta.env): boolean {
  return !env.PROD || (env.VITE_APP_ENV ?? 'development') !== 'production';
}

export function appEnvName(env: AppEnv = import.meta.env): string {
  return env.VITE_APP_ENV ?? 'development';
}
