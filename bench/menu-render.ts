/**
 * Time to first render of a 5,000-goods menu in Debian's Chromium at a
 * 390x844 phone profile with 4x CPU slowdown, and the DOM node count (the
 * list is windowed, so it stays small however long the menu is).
 *
 *   npm run build && npm run bench -- menu
 */
import { chromium } from 'playwright-core';
import { seedLargeMenu } from '../src/server/db/seed';
import { startBenchService } from './service';

const GOODS = Number(process.env.BENCH_MENU_GOODS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function menuRender(): Promise<Record<string, number>> {
  // The big menu's table codes are random: kept from the seeding.
  let qrCode = '';
  const service = await startBenchService(async (db) => {
    qrCode = (await seedLargeMenu(db, undefined, GOODS)).qrCodes[0]!;
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const times: number[] = [];
  let nodes = 0;
  let nodesAfterScroll = 0;
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en' });
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('language', 'LANGUAGE_EN'));
      // Scan the big-menu table's code first (the shop state), as a customer would.
      await page.goto(`${service.url}/#/?QRCode=${encodeURIComponent(qrCode)}`);
      await page.getByRole('link', { name: 'Order now' }).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.getByRole('link', { name: 'Order now' }).click();
      await page.locator('article.goods').first().waitFor();
      times.push(Date.now() - started);
      nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
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
  times.sort((a, b) => a - b);
  return {
    goods: GOODS,
    firstRenderMsMedian: times[Math.floor(times.length / 2)]!,
    firstRenderMsMax: times[times.length - 1]!,
    domNodes: nodes,
    domNodesAfterScrolling: nodesAfterScroll,
  };
}
