import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

describe('MESSAGES', () => {
  it('builds the texts that name a route or a missing permission', () => {
    expect(MESSAGES.routeNotFound('GET', '/api/x')).toBe('Rota não encontrada: GET /api/x');
    expect(MESSAGES.forbiddenRole('ROLE_TEAM')).toBe(`${MESSAGES.forbidden} (requer ROLE_TEAM)`);
    expect(MESSAGES.forbidden).toBe('Você não tem permissão para realizar esta ação');
  });

  it('has no duplicate texts (one constant per text)', () => {
    const texts = Object.values(MESSAGES).filter((v) => typeof v === 'string');
    expect(texts.length).toBe(new Set(texts).size);
  });
});
