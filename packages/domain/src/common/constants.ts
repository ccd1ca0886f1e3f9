export const APP_VERSION = '2024.0216.1';
export const TIME_ZONE = 'America/Sao_Paulo';
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const MOBILE_BELOW = BREAKPOINTS.md;
export const NOTIFICATION_SECONDS = 4.5;
export const SESSION_EXPIRED_SECONDS = 6;
export const REQUEST_DEBOUNCE_MS = 100;
export const UNAUTHORIZED_LOCK_MS = 500;
export const AUTOCOMPLETE_DEBOUNCE_MS = 350;
export const MAIN_MENU_WIDTH = 67;
export const SIDEBAR_WIDTH = 275;
export const DRAWER_WIDTH = 450;
export const DEFAULT_ROUTE = 'agenda';
export const DEMO = {
  slug: 'demo',
  adminEmail: 'admin@demo.mandato.app',
  teamEmail: 'equipe@demo.mandato.app',
  password: 'mandato123',
} as const;
/** A new password sent by e-mail (recovery, an admin's reset) can be first used within this time. */
export const PENDING_PASSWORD_HOURS = 72;
/** ViaCEP-compatible address service the browser calls; `{cep}` is replaced by the 8 digits. */
export const DEFAULT_CEP_URL = 'https://viacep.com.br/ws/{cep}/json/';
