/**
 * The 5,000-goods menu in Debian's Chromium at a 390x844 phone profile with
 * 4x CPU slowdown: the main thread's work from the moment the goods list's
 * answer has arrived (its responseEnd) to the frame that shows the first
 * goods (from a performance trace: summed top-level tasks, and the long
 * tasks among them), the wall time of the same span and from the click, and
 * the DOM node count (the list is windowed).
 *
 *   npm run build && npm run bench -- menu
 */
import { chromium } from 'playwright-core';
import { seedLargeMenu } from '../src/server/db/seed';
import { startBenchService } from './service';
import { eventTotals, mainThreadOf, mainThreadWork, parseTrace } from './trace';

const GOODS = Number(process.env.BENCH_MENU_GOODS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAINTED_MARK = 'bench:first-goods-painted';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function menuRender(): Promise<Record<string, number | string>> {
  // The big menu's table codes are random: kept from the seeding.
  let qrCode = '';
  const service = await startBenchService(async (db) => {
    qrCode = (await seedLargeMenu(db, undefined, GOODS)).qrCodes[0]!;
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const work: number[] = [];
  const fromData: number[] = [];
  const fromClick: number[] = [];
  const longest: number[] = [];
  let nodes = 0;
  let nodesAfterScroll = 0;
  let listBytes = 0;
  let breakdown: Record<string, number> = {};
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en' });
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('language', 'LANGUAGE_EN'));
      // Scan the big-menu table's code first (the shop state), as a customer would.
      await page.goto(`${service.url}/#/?QRCode=${encodeURIComponent(qrCode)}`);
      await page.getByRole('link', { name: 'Order now' }).waitFor();
      // The home page's own pictures and calls settle first: only the menu's work is measured.
      await page.waitForLoadState('networkidle');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The frame that shows the first goods: marked after it has been painted.
      await page.evaluate((mark) => {
        performance.clearResourceTimings();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('article.goods')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => performance.mark(mark);
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, PAINTED_MARK);
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'blink'] });
      const started = Date.now();
      await page.getByRole('link', { name: 'Order now' }).click();
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PAINTED_MARK);
      fromClick.push(Date.now() - started);
      const timing = await page.evaluate((mark) => {
        const painted = performance.getEntriesByName(mark)[0]!.startTime;
        // The goods list is the largest answer of the data endpoint.
        const answers = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.includes('/HBBAPI/GetData'));
        const list = answers.reduce((a, b) => (b.decodedBodySize > a.decodedBodySize ? b : a));
        return { painted, dataArrived: list.responseEnd, bytes: list.decodedBodySize };
      }, PAINTED_MARK);
      const trace = parseTrace(await browser.stopTracing());
      const thread = mainThreadOf(trace, PAINTED_MARK);
      // The trace clock in µs: the painted mark's trace time less its page time.
      const fromTs = thread.markTs - (timing.painted - timing.dataArrived) * 1000;
      const measured = mainThreadWork(trace, thread, fromTs, thread.markTs);
      work.push(measured.ms);
      longest.push(Math.max(0, ...measured.longTasks));
      fromData.push(Math.round(timing.painted - timing.dataArrived));
      listBytes = timing.bytes;
      breakdown = eventTotals(trace, thread, fromTs, thread.markTs);
      nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.locator('.vlist').evaluate(async (el) => {
        for (let i = 0; i < 20; i += 1) {
          el.scrollBy(0, 2000);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
        }
      });
      nodesAfterScroll = await page.evaluate(() => document.getElementsByTagName('*').length);
      await context.close();
    }
  } finally {
    await browser.close();
    await service.close();
  }
  return {
    goods: GOODS,
    runs: RUNS,
    mainThreadMsFromDataMedian: median(work),
    mainThreadMsFromDataAll: work.join('/'),
    longestTaskMsMedian: median(longest),
    wallMsFromDataMedian: median(fromData),
    wallMsFromClickMedian: median(fromClick),
    listAnswerBytes: listBytes,
    domNodes: nodes,
    domNodesAfterScrolling: nodesAfterScroll,
    lastRunBreakdownMs: JSON.stringify(breakdown),
  };
}
