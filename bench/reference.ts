/**
 * A reference for the browser benches: a fixed piece of JavaScript (sorting
 * 200,000 numbers, 5 times) timed in the page, at whatever CPU slowdown the
 * page has then. The machine is shared and noisy: a figure is read against
 * the reference of the same run (their ratio), not alone.
 */
import type { Page } from 'playwright-core';

export function referenceSortMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const started = performance.now();
    for (let r = 0; r < 5; r += 1) {
      let seed = 1;
      const xs = Array.from({ length: 200_000 }, () => (seed = (seed * 16807) % 2147483647));
      xs.sort((a, b) => a - b);
    }
    return performance.now() - started;
  });
}
