interface BrandVersion {
  brand: string;
  version: string;
}

export interface BrowserInfo {
  userAgent: string;
  userAgentData?: { brands?: readonly BrandVersion[] };
}

const NOT_CHROME_BRANDS = /edge|opera|brave|yandex|vivaldi|samsung/i;
const NOT_CHROME_UA = /Edg\/|EdgA\/|EdgiOS\/|OPR\/|Opera|OPiOS|SamsungBrowser|YaBrowser|Vivaldi/;

/** Google Chrome or Chromium (not Edge, Opera or other Chromium-based browsers). */
export function isChromeBrowser(info: BrowserInfo): boolean {
  const brands = info.userAgentData?.brands;
  if (brands && brands.length > 0) {
    if (brands.some((b) => NOT_CHROME_BRANDS.test(b.brand))) return false;
    if (brands.some((b) => /^(Google Chrome|Chromium|HeadlessChrome)$/.test(b.brand))) return true;
  }
  if (NOT_CHROME_UA.test(info.userAgent)) return false;
  return /(Chrome|Chromium|CriOS)\//.test(info.userAgent);
}

export function currentBrowser(): BrowserInfo {
  const nav = navigator as Navigator & { userAgentData?: BrowserInfo['userAgentData'] };
  return { userAgent: nav.userAgent, userAgentData: nav.userAgentData };
}
