import type { CodeName } from '@mandato/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Lookup } from './lookup.ts';
import { useKnownNames } from './useKnownNames.ts';

describe('useKnownNames', () => {
  it('keeps asking for the names of saved codes while the component renders again', async () => {
    let answer: (value: CodeName[]) => void = () => undefined;
    const lookup: Lookup = {
      search: vi.fn(),
      names: vi.fn(
        (_codes: number[], signal: AbortSignal) =>
          new Promise<CodeName[]>((resolve, reject) => {
            answer = resolve;
            signal.addEventListener('abort', () => reject(new Error('abortado')));
          }),
      ),
    };
    const { result, rerender } = renderHook(({ codes }) => useKnownNames(lookup, codes), {
      initialProps: { codes: [1] },
    });
    rerender({ codes: [1] });
    rerender({ codes: [1] });
    await act(async () => answer([{ code: 1, name: 'Saúde' }]));
    await waitFor(() => expect(result.current.names.get(1)).toBe('Saúde'));
    expect(lookup.names).toHaveBeenCalledTimes(1);
  });
});
