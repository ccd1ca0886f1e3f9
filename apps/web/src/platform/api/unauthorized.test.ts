import { describe, expect, it, vi } from 'vitest';
import { createUnauthorizedHandler } from './unauthorized.ts';

describe('createUnauthorizedHandler', () => {
  it('handles many parallel 401s once within 500 ms', () => {
    let now = 1_000;
    const notify = vi.fn();
    const expire = vi.fn();
    const handle = createUnauthorizedHandler({ notify, expire, now: () => now });
    for (let i = 0; i < 5; i++) handle();
    now += 499;
    handle();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(expire).toHaveBeenCalledTimes(1);
    now += 1;
    handle();
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
