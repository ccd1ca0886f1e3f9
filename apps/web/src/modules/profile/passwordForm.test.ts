import { PROFILE_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { passwordCheck } from './passwordForm.ts';

describe('password change rules (spec 2 §5)', () => {
  it('requires all three fields', () => {
    expect(passwordCheck({ currentPassword: '', newPassword: '', confirmNewPassword: '' })).toEqual({
      required: {
        currentPassword: 'Campo Obrigatório',
        newPassword: 'Campo Obrigatório',
        confirmNewPassword: 'Campo Obrigatório',
      },
      mismatch: false,
    });
  });

  it('tells a confirmation that differs from the new password', () => {
    expect(passwordCheck({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'c' })).toEqual({
      required: {},
      mismatch: true,
    });
    expect(passwordCheck({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' })).toEqual({
      required: {},
      mismatch: false,
    });
    expect(PROFILE_MESSAGES.passwordMismatch).toBe('A nova senha e a confirmação não estão iguais');
  });
});
