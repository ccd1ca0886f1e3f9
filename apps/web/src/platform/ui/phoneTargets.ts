import type { ThemeConfig } from 'antd';
import { useMemo } from 'react';
import { useIsMobile } from '../layout/useIsMobile.ts';
import './phoneTargets.css';

/**
 * WCAG 2.2 target size on a phone (issue 40 item 6): below 768 px every antd control — buttons, the
 * small row actions ('Abrir', 'Clonar', 'Ver relatório'…), inputs, selects, pagination — is 44 px
 * high. The desktop keeps antd's 32 / 24 / 40.
 */
export const PHONE_TOKENS = {
  controlHeight: 44,
  controlHeightSM: 44,
  controlHeightLG: 48,
} as const;

/**
 * `base` with the phone's control heights, and menu rows to match. A touch screen keeps the hover
 * state after a tap: there a link or primary button keeps its own (AA) colour instead of antd's
 * paler hover one.
 */
export function phoneTheme(base: ThemeConfig): ThemeConfig {
  const { colorPrimary, colorLink } = base.token ?? {};
  return {
    ...base,
    token: {
      ...base.token,
      ...PHONE_TOKENS,
      ...(colorPrimary ? { colorPrimaryHover: colorPrimary } : {}),
      ...(colorLink ? { colorLinkHover: colorLink } : {}),
    },
    components: {
      ...base.components,
      Menu: { ...base.components?.Menu, itemHeight: 44 },
    },
  };
}

/** The app's antd theme for this screen: `base` on a desktop, `phoneTheme(base)` on a phone. */
export function useResponsiveTheme(base: ThemeConfig): ThemeConfig {
  const phone = useIsMobile();
  return useMemo(() => (phone ? phoneTheme(base) : base), [phone, base]);
}
