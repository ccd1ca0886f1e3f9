/** Settings › Privacidade › 'Auditoria' (ROLE_CONFIG), under the settings area's base path. */
export const AUDIT_PATH = 'privacidade/auditoria';
