/**
 * Lighthouse 12 (from npm) against Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium): the default mobile run (simulated slow 4G, 4x CPU),
 * performance only, on a table link of the demo, median of 3; and, in the
 * same run and interleaved with it, a trivial static page served by the same
 * service as the floor, so a loaded machine moves both and the ratio stays
 * readable. Prints the load average with the figures, and whether the
 * machine has Chinese fonts (without them every fallback-font look-up is a
 * long task a phone never has: TBT 836-1,259 ms instead of ~600, issue 24).
 *
 * Then the first tap (issue 24), outside Lighthouse, which measures no
 * interaction on a navigation: Playwright's Chromium as a phone (390x844,
 * touch) at 4x CPU taps the app's "Order now" as soon as it is there (the
 * drawing's is not the app's), and the page's Event Timing entries give the
 * interaction's duration (what INP counts: input delay, handlers, the next
 * paint) and its input delay; median of the same runs.
 *
 *   npm run build && npm run bench -- lighthouse
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from './menu-render';
import { demoCodes } from '../src/server/db/seed';
import { startBenchService } from './service';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title></head>
<body><h1>HBB Order</h1><p>A trivial page: the floor of what this machine, this service and Lighthouse's simulated phone can do.</p></body></html>`;

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's time to interactive (simulated): when the app's scripts have run and the main thread is quiet. */
  tti: number;
  /** Scripts fetched before the LCP, transfer size in KiB. */
  scriptKiB: number;
  scripts: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function audit(url: string, port: number, report?: string): Promise<Figures> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // BENCH_LH_REPORT=dir keeps each app run's whole report (the LCP element, its phases, the requests).
  if (report) {
    writeFileSync(report, JSON.stringify(result.lhr, null, 1));
    const { Trace, DevtoolsLog, URL, GatherContext } = result.artifacts as unknown as Record<string, unknown>;
    writeFileSync(report.replace(/\.json$/, '.artifacts.json'), JSON.stringify({ Trace, DevtoolsLog, URL, GatherContext, settings: result.lhr.configSettings }));
  }
  const { audits } = result.lhr;
  const num = (id: string) => Number(audits[id]?.numericValue ?? NaN);
  const lcp = num('largest-contentful-paint');
  if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
  type Req = { resourceType?: string; transferSize?: number; networkEndTime?: number; endTime?: number };
  const requests = ((audits['network-requests']?.details as { items?: Req[] } | undefined)?.items ?? []).filter((r) => r.resourceType === 'Script');
  // Observed timings (ms from navigation start), a proxy for "before the first screen".
  const observedLcp = Number((audits['metrics']?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0]?.observedLargestContentfulPaint ?? Infinity);
  const before = requests.filter((r) => (r.networkEndTime ?? r.endTime ?? 0) <= observedLcp);
  return {
    lcp,
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    tti: num('interactive'),
    scriptKiB: Math.round((before.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024) * 10) / 10,
    scripts: before.length,
  };
}

function summary(runs: Figures[]) {
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return {
    lcpMs: Math.round(pick('lcp')),
    fcpMs: Math.round(pick('fcp')),
    tbtMs: Math.round(pick('tbt')),
    cls: Math.round(pick('cls') * 1000) / 1000,
    speedIndexMs: Math.round(pick('si')),
    ttiMs: Math.round(pick('tti')),
    scriptKiBBeforeLcp: pick('scriptKiB'),
    scriptsBeforeLcp: pick('scripts'),
    lcpAllMs: runs.map((r) => Math.round(r.lcp)).join('/'),
    tbtAllMs: runs.map((r) => Math.round(r.tbt)).join('/'),
  };
}

interface TapFigures {
  /** The tap's interaction: the longest Event Timing entry of it (input delay + handlers + the next paint), ms. */
  durationMs: number;
  /** From the touch to its first handler, ms: the main thread was busy. */
  inputDelayMs: number;
}

/** One first tap on the app's "Order now" at 4x CPU, as early as the app shows it. */
async function firstTap(browser: Browser, url: string): Promise<TapFigures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('language', 'LANGUAGE_EN');
      const seen: { name: string; duration: number; delay: number; id: number }[] = [];
      (window as unknown as { benchEvents: typeof seen }).benchEvents = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          seen.push({ name: e.name, duration: e.duration, delay: e.processingStart - e.startTime, id: e.interactionId });
        }
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    // The app's link (the head's drawing is hidden from assistive technology): the first moment the app answers.
    await page.getByRole('link', { name: 'Order now' }).tap({ timeout: 60_000 });
    await page.waitForURL(/goodsList/, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    const events = await page.evaluate(() => (window as unknown as { benchEvents: { name: string; duration: number; delay: number; id: number }[] }).benchEvents);
    const tap = events.filter((e) => e.id > 0 && /^(pointerdown|pointerup|touchstart|touchend|click)$/.test(e.name));
    if (tap.length === 0) return { durationMs: 0, inputDelayMs: 0 };
    return { durationMs: Math.max(...tap.map((e) => e.duration)), inputDelayMs: Math.max(...tap.map((e) => e.delay)) };
  } finally {
    await context.close();
  }
}

/** How many Chinese fonts fontconfig knows (0: every CJK glyph is a fallback look-up). */
function chineseFonts(): number {
  try {
    return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/^.*load average: /, '');
  } catch {
    return loadavg().map((l) => l.toFixed(2)).join(', ');
  }
};

export async function lighthouseBench(): Promise<Record<string, number | string>> {
  const floorPath = resolve(__dirname, '..', 'dist', FLOOR_FILE);
  writeFileSync(floorPath, FLOOR_HTML);
  // The demo's first dine-in table (its code is random at seeding).
  let tableLink = '';
  const service = await startBenchService(async (db) => {
    tableLink = `/#/?QRCode=${encodeURIComponent((await demoCodes(db)).qrCodes.dineIn)}`;
  });
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const loadBefore = loadavg()[0]!;
  const uptimeBefore = uptime();
  const app: Figures[] = [];
  const floor: Figures[] = [];
  const taps: TapFigures[] = [];
  let killed = false;
  try {
    for (let run = 0; run < RUNS; run += 1) {
      floor.push(await audit(`${service.url}/${FLOOR_FILE}`, chrome.port));
      const reportDir = process.env.BENCH_LH_REPORT;
      app.push(await audit(`${service.url}${tableLink}`, chrome.port, reportDir ? resolve(reportDir, `app-${run + 1}.json`) : undefined));
    }
    await chrome.kill();
    killed = true;
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      for (let run = 0; run < RUNS; run += 1) taps.push(await firstTap(browser, `${service.url}${tableLink}`));
    } finally {
      await browser.close();
    }
  } finally {
    if (!killed) await chrome.kill();
    await service.close();
    rmSync(floorPath, { force: true });
  }
  const a = summary(app);
  const f = summary(floor);
  return {
    runs: RUNS,
    chineseFonts: chineseFonts(),
    uptimeBefore,
    uptimeAfter: uptime(),
    load1mBefore: Math.round(loadBefore * 100) / 100,
    load1mAfter: Math.round(loadavg()[0]! * 100) / 100,
    ...Object.fromEntries(Object.entries(a).map(([k, v]) => [`app.${k}`, v])),
    'floor.lcpMs': f.lcpMs,
    'floor.tbtMs': f.tbtMs,
    'floor.lcpAllMs': f.lcpAllMs,
    lcpOverFloor: Math.round((a.lcpMs / f.lcpMs) * 100) / 100,
    'firstTap4xCpu.durationMsMedian': Math.round(median(taps.map((t) => t.durationMs))),
    'firstTap4xCpu.inputDelayMsMedian': Math.round(median(taps.map((t) => t.inputDelayMs))),
    'firstTap4xCpu.durationAllMs': taps.map((t) => Math.round(t.durationMs)).join('/'),
  };
}
