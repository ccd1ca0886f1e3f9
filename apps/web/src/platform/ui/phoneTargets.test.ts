import { renderHook } from '@testing-library/react';
import type { ThemeConfig } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneTheme, useResponsiveTheme } from './phoneTargets.ts';

const BASE: ThemeConfig = { token: { colorPrimary: '#1f4e9c', borderRadius: 8 }, components: { Tag: {} } };

/** A window whose `(max-width: …)` query holds or not. */
function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: width < Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? 0) + 0.5,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('tap targets on a phone (issue 40 item 6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes every antd control 44 px high, small row actions too, keeping the brand tokens', () => {
    const theme = phoneTheme(BASE);
    expect(theme.token).toMatchObject({
      colorPrimary: '#1f4e9c',
      borderRadius: 8,
      controlHeight: 44,
      controlHeightSM: 44,
      controlHeightLG: 48,
      // a tap leaves the hover on: it keeps the AA brand colour
      colorPrimaryHover: '#1f4e9c',
    });
    expect(theme.components).toMatchObject({ Tag: {}, Menu: { itemHeight: 44 } });
  });

  it('gives a 390 px screen the phone theme and a 1280 px desktop the theme unchanged', () => {
    screenWidth(390);
    expect(renderHook(() => useResponsiveTheme(BASE)).result.current.token?.controlHeight).toBe(44);
    screenWidth(1280);
    expect(renderHook(() => useResponsiveTheme(BASE)).result.current).toBe(BASE);
  });
});
