import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import { changePermissions, resetPassword } from './api.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  answerWith(mocks, { data: null });
});
afterEach(() => vi.useRealTimers());

describe('team access calls (spec 2 §7 "Users")', () => {
  it('changes permissions and resets the password of a user by code', async () => {
    const calls = [changePermissions('u-1', true, ['ROLE_CRM']), resetPassword('u-1')];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(calls);
    expect(callLines(mocks)).toEqual([
      'PUT /api/users/u-1/change-permissions',
      'PUT /api/users/u-1/reset-password',
    ]);
    expect(callOf(mocks, 0).body).toEqual({ active: true, permissions: ['ROLE_CRM'] });
  });
});
