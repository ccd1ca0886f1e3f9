import { describe, expect, it } from 'vitest';
import { LOGIN_TEXTS, RECOVERY_TEXTS } from './auth-page.texts.ts';

describe('login and recovery texts', () => {
  it("write 'Domínio' with its accent on both pages", () => {
    expect(LOGIN_TEXTS.domain).toBe('Domínio');
    expect(RECOVERY_TEXTS.domain).toBe('Domínio');
  });
});
