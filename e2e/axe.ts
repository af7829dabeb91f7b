import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout';

/** WCAG 2.1 A and AA rules (axe's own tags); best-practice rules are left to review. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page once its animations have finished and expects no serious or critical violation. The message lists each
 * violation with the first elements it names, so a failure says what to fix.
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  // A settled page: a toast fading in reads as low contrast until its 200 ms entrance ends. Under reduced motion
  // (styles/base.css) a toast that arrives while axe runs (its chunk loads lazily) is drawn at once, as the
  // people who ask for it see it; the page's own preference comes back after the scan.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // At a phone's width the console's section bar sticks to the bottom and covers part of whatever passes under it
  // mid-page, which target-size counts: the scan runs at the page's end, where the bar sits after the content.
  await page.evaluate(() => {
    const bar = document.querySelector('.console-nav');
    if (bar && getComputedStyle(bar).position === 'sticky')
      window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/**
 * A console screen as a desktop and a phone show it, in a journey that runs once (at 1366 px): axe at the width it is
 * at, then at 375 × 740 nothing wider than the phone's screen (no sideways scroll) and axe again; back at the width
 * before. What the journey checks of the screen's logic does not depend on the width (playwright.config.ts).
 */
export async function expectAccessibleAtBothWidths(page: Page, screen: string) {
  const before = page.viewportSize()!;
  await expectNoSeriousViolations(page, `${screen} (${before.width} px)`);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page, screen);
  await expectNoSeriousViolations(page, `${screen} (375 px)`);
  await page.setViewportSize(before);
}
