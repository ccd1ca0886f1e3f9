import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/api/errors.ts';
import { loginErrorMessage, RECOVERY_FAILED, recoveryErrorMessage } from './authErrors.ts';

const http = (status: number, message?: string) => new ApiError('http', status, message ? { message } : null);

describe('login and recovery error texts', () => {
  it('maps login statuses', () => {
    expect(loginErrorMessage(http(403))).toBe('Domínio inativo ou não reconhecido');
    expect(loginErrorMessage(http(401))).toBe('e-mail ou senha inválidos');
    expect(loginErrorMessage(http(404))).toBe('e-mail ou senha inválidos');
    expect(loginErrorMessage(http(429, 'Muitas tentativas'))).toBe('Muitas tentativas');
    expect(loginErrorMessage(http(500))).toBe('Falha ao tentar realizar login');
    expect(loginErrorMessage(new ApiError('network', 0, null))).toBe('Falha ao tentar realizar login');
  });

  it('maps recovery statuses', () => {
    expect(recoveryErrorMessage(http(403))).toBe('Domínio inativo ou não reconhecido');
    expect(recoveryErrorMessage(http(404))).toBe('e-mail não reconhecido');
    expect(recoveryErrorMessage(http(500))).toBe(RECOVERY_FAILED);
  });
});
