import { describe, expect, it } from 'vitest';
import { isDevEnvironment } from './appEnv.ts';
import { isChromeBrowser } from './browser.ts';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('isChromeBrowser', () => {
  it('accepts Chrome and Chromium', () => {
    expect(isChromeBrowser({ userAgent: CHROME_UA })).toBe(true);
    expect(
      isChromeBrowser({
        userAgent: CHROME_UA,
        userAgentData: {
          brands: [
            { brand: 'Chromium', version: '126' },
            { brand: 'Not/A)Brand', version: '8' },
          ],
        },
      }),
    ).toBe(true);
    expect(isChromeBrowser({ userAgent: 'Mozilla/5.0 (iPhone) CriOS/126.0 Mobile Safari/604.1' })).toBe(true);
  });

  it('rejects Edge, Opera, Firefox and Safari', () => {
    expect(isChromeBrowser({ userAgent: `${CHROME_UA} Edg/126.0.0.0` })).toBe(false);
    expect(isChromeBrowser({ userAgent: `${CHROME_UA} OPR/110.0` })).toBe(false);
    expect(
      isChromeBrowser({
        userAgent: CHROME_UA,
        userAgentData: {
          brands: [
            { brand: 'Chromium', version: '126' },
            { brand: 'Microsoft Edge', version: '126' },
          ],
        },
      }),
    ).toBe(false);
    expect(
      isChromeBrowser({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      }),
    ).toBe(false);
    expect(
      isChromeBrowser({
        userAgent:
          'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      }),
    ).toBe(false);
  });
});

describe('isDevEnvironment', () => {
  it('is DEV unless a production build for the production environment', () => {
    expect(isDevEnvironment({ PROD: false, VITE_APP_ENV: 'production' })).toBe(true);
    expect(isDevEnvironment({ PROD: true })).toBe(true);
    expect(isDevEnvironment({ PROD: true, VITE_APP_ENV: 'e2e' })).toBe(true);
    expect(isDevEnvironment({ PROD: true, VITE_APP_ENV: 'production' })).toBe(false);
  });
});
