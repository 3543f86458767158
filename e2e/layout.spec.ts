/**
 * What a customer sees, on every route of src/client/app/routes.ts, under a
 * plain and a chat-app user agent (projects), as a signed-in member with a
 * cart and an order:
 *
 * - layout: the document is never wider than the phone, the tab bar and the
 *   primary action of a bottom bar are inside the viewport, and a fixed bar
 *   stays where it is when the page scrolls;
 * - accessibility: axe-core (WCAG 2.2 A/AA rules) finds no critical or
 *   serious violation; lesser findings are listed in the journey's report
 *   (annotations and an attachment per route);
 * - screenshots of home, menu, confirm and orders in each language, under
 *   test-results/screenshots/ (SHOTS_LABEL names the set, default "after").
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { routeByName, routes } from '../src/client/app/routes';
import { DEMO } from '../src/server/db/seed';
import en from '../src/client/i18n/locales/en.json';
import zhCN from '../src/client/i18n/locales/zh-CN.json';
import zhTW from '../src/client/i18n/locales/zh-TW.json';
import { demoCodes, plainGoods, type DemoCodes, clearTableCarts } from './support/gateway';
import { addFromMenu } from './support/menu';

// Every journey starts its tables afresh: a pay-after table's cart lives on the service (issue 28).
test.beforeEach(() => clearTableCarts());

/** The demo tables' codes (random at seeding), from the running service. */
let codes: DemoCodes;
test.beforeAll(async () => {
  codes = await demoCodes();
});

const AXE_PATH = require.resolve('axe-core');
const SHOTS_DIR = resolve(
  __dirname,
  '..',
  'test-results',
  'screenshots',
  process.env.SHOTS_LABEL ?? 'after',
);

type Row = Record<string, unknown>;
type Lang = 'en' | 'zh-CN' | 'zh-TW';
const LANGUAGE: Record<Lang, string> = {
  en: 'LANGUAGE_EN',
  'zh-CN': 'LANGUAGE_ZH',
  'zh-TW': 'LANGUAGE_ZH_TD',
};
/** The goods' name as the menu shows it (the goods read in the page's language). */
const GOODS_NAME: Record<Lang, (g: Row) => string> = {
  en: (g) => String(g.GoodsName),
  'zh-CN': (g) => String(g.GoodsName),
  'zh-TW': (g) => String(g.GoodsName),
};
/** Dine-in (pay-after) tables no other journey orders at, one per language. */
const TABLE_NAME: Record<Lang, string> = {
  en: 'A10',
  'zh-CN': 'A11',
  'zh-TW': 'A12',
};
const MESSAGES: Record<Lang, Record<string, string>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
const ORDER_NOW: Record<Lang, RegExp> = {
  en: /Order now/,
  'zh-CN': /立即点餐/,
  'zh-TW': /立即點餐/,
};

/** A phone with a member signed in and a chosen language. */
async function memberPhone(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...test.info().project.use,
    locale: lang === 'en' ? 'en-US' : lang,
    // axe-core is injected as a script tag, which the app's CSP refuses (rightly); the CSP itself is e2e/hardening.spec.ts's.
    bypassCSP: true,
  });
  await context.addInitScript(
    (language) => window.localStorage.setItem('language', language),
    LANGUAGE[lang],
  );
  // The widest the document and the layout viewport got, every frame, transitions included (read and reset per route).
  await context.addInitScript(() => {
    const w = window as unknown as { __widest: number };
    w.__widest = 0;
    const tick = () => {
      w.__widest = Math.max(
        w.__widest,
        document.documentElement?.scrollWidth ?? 0,
        window.innerWidth,
      );
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const res = await context.request.post('/sandbox/sign-in', {
    data: { vipId: DEMO.members.chan.vipId },
  });
  expect(res.ok()).toBe(true);
  return context;
}

/** Until the page-transition animation and the page's loading are over. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Fills the cart of a pay-before outlet through the menu. */
async function fillCart(page: Page, lang: Lang, goods: Row) {
  await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
  await page.getByRole('link', { name: ORDER_NOW[lang] }).tap();
  await addFromMenu(page, GOODS_NAME[lang](goods));
}

interface LayoutProblem {
  route: string;
  problem: string;
}

/** The layout rules of the issue, measured in the page. */
async function layoutProblems(page: Page, route: string): Promise<LayoutProblem[]> {
  const viewport = page.viewportSize()!;
  const found = await page.evaluate(({ width: vw, height: vh }) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    const w = window as unknown as { __widest: number };
    if (w.__widest > vw) problems.push(`the document got ${w.__widest}px wide on a ${vw}px phone`);
    w.__widest = 0;
    if (doc.scrollWidth > vw)
      problems.push(`document is ${doc.scrollWidth}px wide on a ${vw}px phone`);
    if (window.innerHeight > vh)
      problems.push(`the layout viewport is ${window.innerHeight}px tall on a ${vh}px phone`);
    const inView = (r: DOMRect) =>
      r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
    const tabBar = document.querySelector('nav.tab-bar');
    if (tabBar && !inView(tabBar.getBoundingClientRect()))
      problems.push(
        `the tab bar is outside the viewport (${JSON.stringify(tabBar.getBoundingClientRect())})`,
      );
    // Bars pinned to the screen (fixed) or to the bottom of the scroller (sticky) and the primary actions in them.
    const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const p = getComputedStyle(el).position;
      return (
        (p === 'fixed' || (p === 'sticky' && getComputedStyle(el).bottom !== 'auto')) &&
        el.getClientRects().length > 0
      );
    });
    for (const bar of bars) {
      for (const action of bar.querySelectorAll<HTMLElement>('.btn-primary')) {
        if (action.getClientRects().length === 0) continue;
        if (!inView(action.getBoundingClientRect()))
          problems.push(`primary action "${action.textContent?.trim()}" is outside the viewport`);
      }
    }
    // Buttons stacked or side by side never touch (a thumb needs the gap).
    const buttons = [...document.querySelectorAll<HTMLElement>('.btn')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, r: el.getBoundingClientRect() }));
    for (const a of buttons) {
      for (const b of buttons) {
        if (a === b || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlapX = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const overlapY = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        const gapY = b.r.top - a.r.bottom;
        const gapX = b.r.left - a.r.right;
        if (
          (overlapX > 0 && gapY >= -0.5 && gapY < 4) ||
          (overlapY > 0 && gapX >= -0.5 && gapX < 4)
        )
          problems.push(
            `buttons "${a.el.textContent?.trim()}" and "${b.el.textContent?.trim()}" touch`,
          );
      }
    }
    return problems;
  }, viewport);
  // A fixed bar stays put when the page scrolls.
  const before = await fixedRects(page);
  const scrolled = await page.evaluate(() => {
    const y = Math.min(300, document.documentElement.scrollHeight - window.innerHeight);
    window.scrollTo(0, y);
    return y;
  });
  if (scrolled > 0) {
    await page.waitForTimeout(50);
    const after = await fixedRects(page);
    for (const [key, rect] of Object.entries(before)) {
      const moved = after[key];
      if (moved && (Math.abs(moved.top - rect.top) > 0.5 || Math.abs(moved.left - rect.left) > 0.5))
        found.push(
          `fixed bar ${key} moved from ${rect.top} to ${moved.top} when the page scrolled ${scrolled}px`,
        );
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  return found.map((problem) => ({ route, problem }));
}

async function fixedRects(page: Page) {
  return page.evaluate(() => {
    const out: Record<string, { top: number; left: number }> = {};
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0)
      .forEach((el, i) => {
        const r = el.getBoundingClientRect();
        out[`${el.tagName.toLowerCase()}.${el.className || i}`] = { top: r.top, left: r.left };
      });
    return out;
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** The address of each route, with the data it needs. */
function addressOf(name: string, path: string): string {
  if (name === 'orderDetails' || name === 'paymentResult')
    return `${path}?SheetID=${DEMO.sheets.checkedOut}`;
  return path;
}

for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
  test(`${lang}: every route fits the phone and passes axe (critical and serious)`, async ({
    browser,
    baseURL,
  }) => {
    const t = (id: string) => MESSAGES[lang][id]!;
    test.setTimeout(240_000);
    const goods = await plainGoods(baseURL!, DEMO.shops.main, lang);
    const context = await memberPhone(browser, lang);
    const page = await context.newPage();
    // Nothing the app asks for is missing (a favicon included).
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    // The member's own pay-after table sheet: settle and cancel on one page.
    await page.goto(`/#/?QRCode=${codes.byName[TABLE_NAME[lang]]}`);
    await page.getByRole('link', { name: ORDER_NOW[lang] }).tap();
    await addFromMenu(page, GOODS_NAME[lang](goods));
    await page.getByRole('link', { name: t('cartBar.goToCart') }).tap();
    // At a pay-after table the cart is the table's (issue 28): its button goes to the same confirm page.
    await page.getByRole('link', { name: t('tableCart.send') }).tap();
    await page.getByRole('checkbox', { name: t('checkout.agree') }).check();
    await page.getByRole('button', { name: t('checkout.place') }).tap();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('dialog.confirm') })
      .tap();
    await expect(page.getByRole('button', { name: t('settle.open') })).toBeVisible();
    await expect(
      page.getByRole('button', { name: t('orderDetails.cancel'), exact: true }),
    ).toBeVisible();
    const tableSheetId = new URL(page.url().replace('/#/', '/')).searchParams.get('SheetID');
    expect(tableSheetId).toBeTruthy();
    await fillCart(page, lang, goods);

    const layout: LayoutProblem[] = [];
    const serious: string[] = [];
    const minor: string[] = [];
    const tour: { name: string; address: string }[] = routes.map((route) => ({
      name: route.name,
      address:
        route.path === '/' ? `/?QRCode=${codes.qrCodes.quick}` : addressOf(route.name, route.path),
    }));
    tour.push({
      name: 'orderDetails (open table sheet)',
      address: `${addressOf('', routeByName.orderDetails!.path)}?SheetID=${tableSheetId}`,
    });
    for (const route of tour) {
      const address = route.address;
      await page.evaluate(() => ((window as unknown as { __widest: number }).__widest = 0));
      await page.goto(`/#${address}`);
      await settle(page);
      layout.push(...(await layoutProblems(page, route.name)));
      const violations = await axeViolations(page);
      for (const v of violations) {
        const line = `${route.name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
        if (v.impact === 'critical' || v.impact === 'serious') serious.push(line);
        else minor.push(line);
      }
      if (violations.length > 0)
        await test.info().attach(`axe-${route.name}.json`, {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        });
    }
    for (const line of minor)
      test.info().annotations.push({ type: 'axe (moderate/minor)', description: line });
    expect(layout, 'layout problems').toEqual([]);
    expect(missing, 'answers 404').toEqual([]);
    expect(serious, 'critical and serious axe violations').toEqual([]);
    await context.close();
  });
}

test('the tab bar stays on the screen; new pages open at the top; back restores the scroll position', async ({
  browser,
}) => {
  const context = await memberPhone(browser, 'en');
  const page = await context.newPage();
  await page.goto(`/#/?QRCode=${codes.qrCodes.dineIn}`);
  await settle(page);
  const tabBar = page.getByRole('navigation', { name: 'Main sections' });
  await expect(tabBar).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(tabBar).toBeInViewport({ ratio: 1 });
  // A tab opens at the top (tabs replace the history entry: there is no back to them).
  await tabBar.getByRole('link', { name: 'Me', exact: true }).tap();
  await settle(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Me' })).toBeInViewport();
  // A page opened from a scrolled page opens at the top; back restores where the customer was.
  await tabBar.getByRole('link', { name: 'Home', exact: true }).tap();
  await settle(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const scrolledHome = await page.evaluate(() => window.scrollY);
  expect(scrolledHome).toBeGreaterThan(0);
  // A click that does not scroll the link into view first, as a thumb on a scrolled page.
  await page
    .getByRole('link', { name: 'Order by item number' })
    .evaluate((link: HTMLElement) => link.click());
  await expect(page.getByRole('heading', { level: 1, name: 'Order by item number' })).toBeVisible();
  await settle(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await settle(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledHome);
  await context.close();
});

for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
  test(`screenshots of home, menu, confirm and orders in ${lang}`, async ({ browser, baseURL }) => {
    const goods = await plainGoods(baseURL!, DEMO.shops.main, lang);
    const context = await memberPhone(browser, lang);
    const page = await context.newPage();
    const dir = resolve(SHOTS_DIR, test.info().project.name);
    mkdirSync(dir, { recursive: true });
    const shot = async (what: string) => {
      await settle(page);
      await page.screenshot({ path: resolve(dir, `${what}-${lang}.png`) });
    };
    await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
    await shot('home');
    await page.getByRole('link', { name: ORDER_NOW[lang] }).tap();
    await addFromMenu(page, GOODS_NAME[lang](goods));
    await shot('menu');
    await page.goto(`/#${routes.find((r) => r.name === 'prepayOrderConfirm')!.path}`);
    await shot('confirm');
    await page.goto(`/#${routes.find((r) => r.name === 'orderList')!.path}`);
    await shot('orders');
    await context.close();
  });
}
