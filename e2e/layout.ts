import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Screenshot-free layout check: the control's box lies inside the viewport and nothing is drawn over it —
 * the topmost element at its centre and near each corner is the control or one of its descendants. Retried
 * for a moment, so an entrance transition (a sheet sliding in) can finish first.
 */
export async function expectUnobstructed(control: Locator) {
  await expect(control).toBeVisible();
  await expect(() => checkUnobstructed(control)).toPass({ timeout: 3_000 });
}

async function checkUnobstructed(control: Locator) {
  const verdict = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside =
      box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const inset = 3;
    const points: [number, number][] = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    const covered = points
      .map(([x, y]) => document.elementFromPoint(x, y))
      .filter((hit) => !hit || !(hit === element || element.contains(hit)))
      .map((hit) => (hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'));
    const rounded = [box.left, box.top, box.right, box.bottom].map(Math.round);
    return { inside, covered, box: rounded, viewport: [window.innerWidth, window.innerHeight] };
  });
  expect(verdict.inside, `box ${verdict.box} inside viewport ${verdict.viewport}`).toBe(true);
  expect(verdict.covered, `elements drawn over the control at ${verdict.box}`).toEqual([]);
}

/** No text of `items` is broken inside a word: each word's characters sit on one line (a Range per word). */
export async function expectWholeWords(items: Locator, what: string) {
  const broken = await items.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const words: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      for (const text of texts)
        for (const match of text.data.matchAll(/[^\s@.]+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) words.push(match[0]);
        }
      return words;
    }),
  );
  expect.soft(broken, `${what}: words broken across lines`).toEqual([]);
}

/**
 * Nothing wider than the page's viewport (no sideways scroll), retried for a moment: right after a resize, charts
 * and other parts that measure their box redraw a frame or two later.
 */
export async function expectNoSidewaysScroll(page: Page, screen: string) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${screen}: no sideways scroll at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}
