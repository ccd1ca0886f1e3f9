import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA plus axe's best practices; a serious or critical violation fails the journey. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits until no finite animation or transition runs (a half-faded drawer has no fixed contrast). */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * An element in its exit animation (antd's `-leave` classes: a notice closing on its timer while
 * axe runs): half faded, on its way out of the page, so its contrast is no reading of the screen.
 */
const leaving = (target: unknown[]) => target.some((selector) => /-leave\b/.test(String(selector)));

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, naming the
 * rule, its help text and the first offending elements.
 */
export async function expectAccessible(page: Page, screen: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const failing = violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !leaving(node.target)) }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 3 ? ` … +${violation.nodes.length - 3}` : ''}`,
    );
  expect(failing, `violações de acessibilidade em ${screen} (${page.url()})`).toEqual([]);
}
