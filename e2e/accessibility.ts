import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

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
 * axe-core run in the page itself, injected once per document. Not @axe-core/playwright's
 * AxeBuilder: its analyze() runs axe frame by frame and then opens a new blank page to assemble the
 * results, ~2.7 s a run against ~0.3 s here, with the same rules. The one iframe of the app (the
 * subscription page of 'Assinar', somebody else's site) is checked as an element (its title), not
 * inside.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
}

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, naming the
 * rule, its help text and the first offending elements.
 */
export async function expectAccessible(page: Page, screen: string) {
  await settle(page);
  const { violations } = await runAxe(page);
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
