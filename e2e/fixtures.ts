import { test as base, expect } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';

declare global {
  interface Window {
    __mandatoCspViolation?: (violation: string) => void;
  }
}

/**
 * The journeys' `test`. Any Content-Security-Policy violation in the test's pages fails it, and so
 * does a serious or critical axe-core violation on the screen each page ends on (journeys also
 * call `expectAccessible` on the screens and dialogs they pass through).
 *
 * CSP violations come from the page's `securitypolicyviolation` events and, for what no document
 * hears (a worker's), from Chromium's "Refused to …" console errors.
 */
export const test = base.extend<{ cspViolations: string[]; accessibleEnd: undefined }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__mandatoCspViolation', (violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__mandatoCspViolation?.(
            `${event.disposition} ${event.effectiveDirective}: ${event.blockedURI || '(inline)'} em ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
          );
        });
      });
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use(violations);
      expect(violations, 'violações da Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  accessibleEnd: [
    async ({ context }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const page of context.pages()) {
        if (!page.isClosed() && page.url().startsWith('http')) await expectAccessible(page, 'fim da jornada');
      }
    },
    { auto: true },
  ],
});

export { expect };
