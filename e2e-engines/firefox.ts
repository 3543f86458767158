/**
 * Firefox ESR (Debian's firefox-esr) over WebDriver BiDi with puppeteer-core:
 * one headless browser, a fresh browser context per journey, a 390x844 window.
 *
 * Names come from Firefox's accessibility tree (puppeteer's ::-p-aria
 * selector, by exact name; the role is checked on the element, as Firefox
 * gives a password field no "textbox" role). A name given as a pattern is
 * matched against the element's label or text, as ::-p-aria matches exact
 * names only. Page errors come from BiDi's log events.
 */
import { writeFile } from 'node:fs/promises';
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import {
  ROLES,
  matches,
  type Engine,
  type EngineSession,
  type Handle,
  type Target,
} from './driver';

export const FIREFOX = '/usr/bin/firefox-esr';

/** In the page: the elements (of those given) that are visible and have the role, with their name (a label's or text's) or text. */
function visibleWithRole(
  role: string,
  wanted: 'name' | 'text' | 'none',
  ...els: Element[]
): (string | null)[] {
  return els.map((el) => {
    if (!el.matches(role)) return null;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden')) return null;
    if (wanted === 'text') return (el as HTMLElement).innerText;
    if (wanted === 'none') return '';
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0)
      return Array.from(labels)
        .map((l) => l.textContent ?? '')
        .join(' ');
    return el.textContent ?? '';
  });
}

const ariaName = (name: string) =>
  `::-p-aria([name="${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"])`;

class FirefoxSession implements EngineSession {
  private errors: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: PuppeteerPage,
  ) {
    page.on('pageerror', (e) =>
      this.errors.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`),
    );
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(`console.error: ${m.text()}`);
    });
  }

  async goto(url: string) {
    // The document only, not its load: every step waits for what it needs (as in WebKit, page load strategy "none").
    // A navigation the app's own routing cuts short (a redirect of the hash) is not a failure.
    await this.page
      .goto(url, { waitUntil: 'domcontentloaded', timeout: 15_000 })
      .catch((e: Error) => {
        if (!/Navigation timeout|aborted|interrupted/i.test(e.message)) throw e;
      });
  }

  async url() {
    return this.page.url();
  }

  async query(target: Target): Promise<Handle[]> {
    let scope: PuppeteerPage | ElementHandle<Element> = this.page;
    if (target.within) {
      const [outer] = await this.query(target.within);
      if (!outer) return [];
      scope = outer as ElementHandle<Element>;
    }
    const byName = typeof target.name === 'string';
    const candidates = (await scope.$$(
      byName ? ariaName(target.name as string) : ROLES[target.role],
    )) as ElementHandle<Element>[];
    if (candidates.length === 0) return [];
    const wanted: 'name' | 'text' | 'none' =
      target.text !== undefined ? 'text' : target.name instanceof RegExp ? 'name' : 'none';
    const texts = await this.page.evaluate(
      visibleWithRole,
      ROLES[target.role],
      wanted,
      ...candidates,
    );
    return candidates.filter((_, i) => {
      const text = texts[i];
      if (text === null || text === undefined) return false;
      if (target.text !== undefined) return matches(target.text, text);
      if (target.name instanceof RegExp) return matches(target.name, text);
      return true;
    });
  }

  call<T>(
    handle: Handle,
    fn: (el: Element, ...args: never[]) => T,
    ...args: unknown[]
  ): Promise<T> {
    return (handle as ElementHandle<Element>).evaluate(
      fn as (el: Element, ...a: unknown[]) => T,
      ...args,
    ) as Promise<T>;
  }

  run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T> {
    return this.page.evaluate(fn as (...a: unknown[]) => T, ...args) as Promise<T>;
  }

  async click(handle: Handle) {
    await (handle as ElementHandle<Element>).click();
  }

  async type(handle: Handle, text: string) {
    const el = handle as ElementHandle<Element>;
    await el.evaluate((e) => (e as HTMLInputElement).select());
    await el.type(text);
  }

  async drainErrors() {
    return this.errors.splice(0);
  }

  async screenshot(path: string) {
    await writeFile(path, await this.page.screenshot({ type: 'png' }));
  }

  async close() {
    await this.context.close();
  }
}

export class FirefoxEngine implements Engine {
  readonly name = 'firefox';
  version = 'Firefox ESR';
  private browser: Browser | null = null;

  async start() {
    this.browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      protocol: 'webDriverBiDi',
      extraPrefsFirefox: { 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
    });
    this.version = (await this.browser.version()).replace(/^firefox\//, 'Firefox ESR ');
  }

  async newSession(): Promise<EngineSession> {
    const context = await this.browser!.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844 });
    return new FirefoxSession(context, page);
  }

  async stop() {
    await this.browser?.close();
    this.browser = null;
  }
}
