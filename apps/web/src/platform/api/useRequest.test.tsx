import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { waitDebounce } from './debounce.ts';
import { useRequest } from './useRequest.ts';

describe('useRequest', () => {
  it('goes notTried → awaiting → success', async () => {
    const { result } = renderHook(() => useRequest(async (_signal, n: number) => n * 2));
    expect(result.current.state).toBe('notTried');
    let value: number | undefined;
    await act(async () => {
      value = await result.current.run(21);
    });
    expect(value).toBe(42);
    expect(result.current.state).toBe('success');
    expect(result.current.data).toBe(42);
  });

  it('a newer run debounces the older one away (cancelled, silent)', async () => {
    const issued: number[] = [];
    const { result } = renderHook(() =>
      useRequest(async (signal, n: number) => {
        await waitDebounce(100, signal);
        issued.push(n);
        return n;
      }),
    );
    let first: Promise<number | undefined> = Promise.resolve(undefined);
    let second: Promise<number | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current.run(1);
      second = result.current.run(2);
    });
    await act(async () => {
      await expect(first).resolves.toBeUndefined();
      await expect(second).resolves.toBe(2);
    });
    expect(issued).toEqual([2]);
    await waitFor(() => expect(result.current.state).toBe('success'));
  });

  it('reports errors and explicit cancellation', async () => {
    const { result } = renderHook(() =>
      useRequest(async (signal, fail: boolean) => {
        await waitDebounce(20, signal);
        if (fail) throw new Error('boom');
        return 'ok';
      }),
    );
    await act(async () => {
      await result.current.run(true);
    });
    expect(result.current.state).toBe('error');
    let pending: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      pending = result.current.run(false);
      result.current.cancel();
    });
    await act(async () => {
      await pending;
    });
    expect(result.current.state).toBe('cancelled');
  });
});
