/**
 * WebKitGTK (Debian's webkit2gtk-driver) over WebDriver classic with
 * selenium-webdriver: WebKitWebDriver on a free port of 127.0.0.1 under
 * xvfb-run, one MiniBrowser session per journey with an iPhone's user agent
 * (the window is 447 px wide at the least: WebKitGTK's own minimum).
 *
 * Names come from WebKit's accessibility ("Get Computed Label"). WebDriver
 * classic has no event stream, so the page's errors are caught by a hook the
 * driver installs in each document it queries (errors before the first query
 * of a document are missed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Builder, By, type WebDriver, type WebElement } from 'selenium-webdriver';
import {
  ROLES,
  matches,
  type Engine,
  type EngineSession,
  type Handle,
  type Target,
} from './driver';
import { freePort, IPHONE_UA } from './env';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';

function installErrorHook(): void {
  const w = window as unknown as { __engineErrors?: string[] };
  if (w.__engineErrors) return;
  w.__engineErrors = [];
  window.addEventListener('error', (e) => w.__engineErrors!.push(`uncaught: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) =>
    w.__engineErrors!.push(`unhandled rejection: ${String(e.reason)}`),
  );
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    w.__engineErrors!.push(`console.error: ${args.map((a) => String(a)).join(' ')}`);
    original(...args);
  };
}

function takeErrors(): string[] {
  const w = window as unknown as { __engineErrors?: string[] };
  return w.__engineErrors ? w.__engineErrors.splice(0) : [];
}

function visibleTexts(withText: boolean, ...els: Element[]): (string | null)[] {
  return els.map((el) => {
    const r = el.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    return shown ? (withText ? (el as HTMLElement).innerText : '') : null;
  });
}

class WebKitSession implements EngineSession {
  constructor(private readonly driver: WebDriver) {}

  async goto(url: string) {
    await this.driver.get(url);
  }

  url() {
    return this.driver.getCurrentUrl();
  }

  private async within(scope: WebDriver | WebElement, target: Target): Promise<WebElement[]> {
    const candidates = await scope.findElements(By.css(ROLES[target.role]));
    if (candidates.length === 0) return [];
    const texts = (await this.driver.executeScript(
      visibleTexts,
      target.text !== undefined,
      ...candidates,
    )) as (string | null)[];
    const found: WebElement[] = [];
    for (const [i, el] of candidates.entries()) {
      const text = texts[i];
      if (text === null || text === undefined) continue;
      if (target.text !== undefined && !matches(target.text, text)) continue;
      if (target.name !== undefined && !matches(target.name, await el.getAccessibleName()))
        continue;
      found.push(el);
    }
    return found;
  }

  async query(target: Target): Promise<Handle[]> {
    await this.driver.executeScript(installErrorHook);
    let scope: WebDriver | WebElement = this.driver;
    if (target.within) {
      const [outer] = await this.query(target.within);
      if (!outer) return [];
      scope = outer as WebElement;
    }
    return this.within(scope, target);
  }

  call<T>(
    handle: Handle,
    fn: (el: Element, ...args: never[]) => T,
    ...args: unknown[]
  ): Promise<T> {
    return this.driver.executeScript(fn as (...a: unknown[]) => T, handle, ...args);
  }

  run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript(fn as (...a: unknown[]) => T, ...args);
  }

  async click(handle: Handle) {
    await (handle as WebElement).click();
  }

  async type(handle: Handle, text: string) {
    const el = handle as WebElement;
    await el.clear();
    await el.sendKeys(text);
  }

  async drainErrors() {
    return (await this.driver.executeScript(takeErrors)) as string[];
  }

  async screenshot(path: string) {
    await writeFile(path, await this.driver.takeScreenshot(), 'base64');
  }

  async close() {
    await this.driver.quit();
  }
}

export class WebKitEngine implements Engine {
  readonly name = 'webkit';
  version = 'WebKitGTK';
  private server: ChildProcess | null = null;
  private url = '';

  async start() {
    const port = await freePort();
    // Its own process group, so stopping it ends xvfb-run, Xvfb, the driver and its browsers together.
    this.server = spawn(
      'xvfb-run',
      ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`],
      {
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        // Without a locale navigator.language is "C".
        env: { ...process.env, LANGUAGE: 'en_US', LANG: 'en_US.UTF-8' },
      },
    );
    let stderr = '';
    this.server.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    this.url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const res = await fetch(`${this.url}/status`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || this.server.exitCode !== null)
        throw new Error(`WebKitWebDriver did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async newSession(): Promise<EngineSession> {
    const driver = await new Builder()
      .usingServer(this.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // Navigation returns at once; every step waits for what it needs.
        pageLoadStrategy: 'none',
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', `--user-agent=${IPHONE_UA}`],
        },
      })
      .build();
    const caps = await driver.getCapabilities();
    this.version = `WebKitGTK ${String(caps.get('browserVersion') ?? '')}`.trim();
    await driver.manage().window().setRect({ width: 390, height: 844 });
    return new WebKitSession(driver);
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (!server?.pid || server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  }
}
