import { presetPalettes } from '@ant-design/colors';
import type { ThemeConfig } from 'antd';
import './reduced-motion.css';

/** Text on white (and on the #fafafa/#f5f5f5 panels) at 0.58 black is 5.2:1, above WCAG AA's 4.5:1. */
const MUTED_TEXT = 'rgba(0, 0, 0, 0.58)';

/**
 * Coloured tags write their text in shade 7 of the palette over shade 1; for these colours shade 7
 * is under 4.5:1, so they take the first darker shade that passes (contrast checked by axe-core in
 * the journeys).
 */
const TAG_TEXT_SHADE: Record<string, number> = {
  volcano: 8,
  orange: 8,
  gold: 9,
  yellow: 9,
  lime: 9,
  green: 8,
  cyan: 8,
  grey: 8,
};
const tagTextColors = Object.fromEntries(
  Object.entries(TAG_TEXT_SHADE).map(([color, shade]) => [`${color}7`, presetPalettes[color]?.[shade - 1]]),
);

/** The user asked the system for less motion (WCAG 2.3.3): antd then animates nothing. */
const reducedMotion =
  typeof window !== 'undefined' &&
  !!window.matchMedia &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The antd theme: brand blue, no animation for users who ask for reduced motion, and every grey text and link at AA contrast, so screens inherit
 * accessible colours instead of fixing them one by one.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1f4e9c',
    colorLink: '#1f4e9c',
    // red 7: error texts at 5.9:1 instead of 3.0:1 (#ff4d4f)
    colorError: '#cf1322',
    borderRadius: 8,
    colorTextTertiary: MUTED_TEXT,
    colorTextDescription: MUTED_TEXT,
    colorTextPlaceholder: MUTED_TEXT,
    colorTextDisabled: MUTED_TEXT,
    colorTextQuaternary: MUTED_TEXT,
    motion: !reducedMotion,
  },
  components: { Tag: tagTextColors },
};
