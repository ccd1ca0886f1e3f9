import { describe, expect, it } from 'vitest';
import {
  showContactPlanBanner,
  TRIAL_ENDED_TEXT,
  trialBannerText,
  trialCountdown,
  usagePercent,
} from './plans.ts';

describe('plan usage', () => {
  it('rounds the percent up and treats 0 as unlimited', () => {
    expect(usagePercent(1, 3)).toBe(34);
    expect(usagePercent(10, 0)).toBe(0);
  });
  it('shows the contact banner from 85 %, never for PREMIUM, TRIAL or unlimited', () => {
    expect(showContactPlanBanner('BASIC', 8499, 10000)).toBe(true); // 84.99 rounds up to 85
    expect(showContactPlanBanner('BASIC', 8400, 10000)).toBe(false);
    expect(showContactPlanBanner('PREMIUM', 9999, 10000)).toBe(false);
    expect(showContactPlanBanner('TRIAL', 9999, 10000)).toBe(false);
    expect(showContactPlanBanner('IDEAL', 9999, 0)).toBe(false);
  });
});

describe('trial countdown', () => {
  const today = new Date(2026, 10, 21, 15, 0);
  it("says 'Hoje', 'Amanhã' or 'em N dias'", () => {
    expect(trialCountdown('2026-11-21', today)).toBe('Hoje');
    expect(trialCountdown('2026-11-22', today)).toBe('Amanhã');
    expect(trialCountdown('2026-12-01', today)).toBe('em 10 dias');
  });
  it('states the end once the date passed', () => {
    expect(trialCountdown('2026-11-20', today)).toBeNull();
    expect(trialBannerText('2026-11-20', today)).toBe(TRIAL_ENDED_TEXT);
    expect(trialBannerText('2026-11-25', today)).toContain('em 4 dias');
  });
});
