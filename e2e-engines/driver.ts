/**
 * A small driver over two WebDriver clients, so the journeys are written once:
 * WebKitGTK over WebDriver classic (selenium-webdriver, webkit.ts) and Firefox
 * ESR over WebDriver BiDi (puppeteer-core, firefox.ts).
 *
 * Elements are found by role and accessible name: the role picks the
 * candidate elements (ROLES: the elements that have that role, implicitly or
 * by a role attribute), and the engine itself computes the name (WebKit's
 * "Get Computed Label", Firefox's accessibility tree through puppeteer's
 * ::-p-aria). Only visible elements count. Actions wait as Playwright's do:
 * for the element, for it to be the one hit at its centre (not under a
 * sticky footer or a dialog's backdrop), then act.
 *
 * Functions run in the page are serialised: tsx wraps named inner functions
 * in a helper (__name) the page does not have, so they use no named inner
 * functions or arrow functions bound to a name, only inline callbacks.
 */

export type Role =
  | 'alert'
  | 'alertdialog'
  | 'article'
  | 'button'
  | 'checkbox'
  | 'dialog'
  | 'heading'
  | 'link'
  | 'radio'
  | 'region'
  | 'status'
  | 'textbox';

/** The elements having each role (implicit ARIA roles of HTML, or the role attribute). */
export const ROLES: Record<Role, string> = {
  alert: '[role="alert"]',
  alertdialog: '[role="alertdialog"]',
  article: 'article:not([role]), [role="article"]',
  button:
    'button:not([role]), input[type="button"]:not([role]), input[type="submit"]:not([role]), [role="button"]',
  checkbox: 'input[type="checkbox"]:not([role]), [role="checkbox"]',
  dialog: 'dialog:not([role]), [role="dialog"]',
  heading:
    'h1:not([role]), h2:not([role]), h3:not([role]), h4:not([role]), h5:not([role]), h6:not([role]), [role="heading"]',
  link: 'a[href]:not([role]), [role="link"]',
  radio: 'input[type="radio"]:not([role]), [role="radio"]',
  region: 'section[aria-label]:not([role]), section[aria-labelledby]:not([role]), [role="region"]',
  status: 'output:not([role]), [role="status"]',
  textbox:
    'input:not([type]):not([role]), input[type="text"]:not([role]), input[type="tel"]:not([role]), input[type="email"]:not([role]), input[type="password"]:not([role]), textarea:not([role]), [role="textbox"]',
};

/** What to find: a role, its accessible name (exact, or a pattern) or its text, inside another target. */
export interface Target {
  role: Role;
  name?: string | RegExp;
  /** The element's visible text (for a status or an alert, whose name is not its content). */
  text?: string | RegExp;
  within?: Target;
}

export const describe = (t: Target): string =>
  `${t.role}${t.name !== undefined ? ` "${String(t.name)}"` : ''}${t.text !== undefined ? ` with text "${String(t.text)}"` : ''}${t.within ? ` in ${describe(t.within)}` : ''}`;

export const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

export const matches = (want: string | RegExp, got: string) =>
  typeof want === 'string' ? normalize(got) === normalize(want) : want.test(normalize(got));

/** An element found by an engine (a selenium WebElement, a puppeteer ElementHandle). */
export type Handle = object;

/** What each engine provides; the waiting and the checks are the same for both (Page). */
export interface EngineSession {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** The visible elements that match the target now, in document order (within the first visible match of target.within). */
  query(target: Target): Promise<Handle[]>;
  /** Runs a function in the page with an element as its first argument. */
  call<T>(handle: Handle, fn: (el: Element, ...args: never[]) => T, ...args: unknown[]): Promise<T>;
  /** Runs a function in the page. */
  run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  click(handle: Handle): Promise<void>;
  type(handle: Handle, text: string): Promise<void>;
  /** Errors the page reported since the last call: uncaught exceptions, unhandled rejections, console.error. */
  drainErrors(): Promise<string[]>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: 'webkit' | 'firefox';
  /** The browser's name and version, once started. */
  version: string;
  start(): Promise<void>;
  /** A fresh browser session: no cookies, no storage. */
  newSession(): Promise<EngineSession>;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** In the page: is the element the one hit at its centre (or inside it, or its label)? Scrolls it to the centre first. */
function hitAtCentre(el: Element): boolean {
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit) return false;
  if (el === hit || el.contains(hit)) return true;
  const label = hit.closest('label');
  return !!label && (label.control === el || label.contains(el));
}

function checkedState(el: Element): boolean {
  return el instanceof HTMLInputElement ? el.checked : el.getAttribute('aria-checked') === 'true';
}

function valueOf(el: Element): string {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
    ? el.value
    : (el.textContent ?? '');
}

function textOf(el: Element): string {
  return el instanceof HTMLElement ? el.innerText : (el.textContent ?? '');
}

/** A journey's view of one tab: find by role and name, act, and wait for outcomes. */
export class Page {
  /** Errors the page reported during the journey. */
  readonly errors: string[] = [];

  constructor(
    readonly session: EngineSession,
    readonly baseUrl: string,
    readonly timeoutMs = 15_000,
  ) {}

  async goto(path: string): Promise<void> {
    await this.session.goto(new URL(path, this.baseUrl).href);
  }

  async url(): Promise<string> {
    return this.session.url();
  }

  private async poll<T>(
    what: string,
    attempt: () => Promise<T | undefined>,
    timeoutMs = this.timeoutMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await attempt();
        if (value !== undefined) return value;
      } catch (error) {
        // A stale element (the page re-rendered between finding and acting): look again.
        last = error;
      }
      this.errors.push(...(await this.session.drainErrors().catch(() => [])));
      if (Date.now() > deadline) {
        throw new Error(
          `${what}: not done in ${timeoutMs} ms${last ? ` (last error: ${String((last as Error).message ?? last).split('\n')[0]})` : ''}`,
        );
      }
      await sleep(150);
    }
  }

  /** Waits for a visible element matching the target; returns the first. */
  async find(target: Target, timeoutMs?: number): Promise<Handle> {
    return this.poll(
      `waiting for ${describe(target)}`,
      async () => (await this.session.query(target))[0],
      timeoutMs,
    );
  }

  /** Passes once the target is visible (a journey's check). */
  async expectVisible(target: Target, timeoutMs?: number): Promise<void> {
    await this.find(target, timeoutMs);
  }

  /** Passes once no element matches the target. */
  async expectNone(target: Target, timeoutMs?: number): Promise<void> {
    await this.poll(
      `waiting for no ${describe(target)}`,
      async () => ((await this.session.query(target)).length === 0 ? true : undefined),
      timeoutMs,
    );
  }

  async count(target: Target): Promise<number> {
    return (await this.session.query(target)).length;
  }

  async text(target: Target): Promise<string> {
    return this.session.call(await this.find(target), textOf);
  }

  async click(target: Target): Promise<void> {
    await this.poll(`clicking ${describe(target)}`, async () => {
      const [el] = await this.session.query(target);
      if (!el || !(await this.session.call(el, hitAtCentre))) return undefined;
      await this.session.click(el);
      return true;
    });
  }

  async fill(target: Target, text: string): Promise<void> {
    await this.poll(`filling ${describe(target)}`, async () => {
      const [el] = await this.session.query(target);
      if (!el || !(await this.session.call(el, hitAtCentre))) return undefined;
      await this.session.type(el, text);
      return (await this.session.call(el, valueOf)) === text ? true : undefined;
    });
  }

  /** Checks a radio or a checkbox (a click unless it is checked), and waits until it reads checked. */
  async check(target: Target): Promise<void> {
    await this.poll(`checking ${describe(target)}`, async () => {
      const [el] = await this.session.query(target);
      if (!el) return undefined;
      if (await this.session.call(el, checkedState)) return true;
      if (await this.session.call(el, hitAtCentre)) await this.session.click(el);
      return (await this.session.call(el, checkedState)) ? true : undefined;
    });
  }

  /** Runs a function in the page. */
  async run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T> {
    return this.session.run(fn, ...args);
  }

  /** Waits until a function run in the page returns a value other than undefined, null or false. */
  async waitFor<T>(
    what: string,
    fn: (...args: never[]) => T,
    ...args: unknown[]
  ): Promise<NonNullable<T>> {
    return this.poll(what, async () => {
      const v = await this.session.run(fn, ...args);
      return v === null || v === undefined || v === false ? undefined : (v as NonNullable<T>);
    });
  }

  async drainErrors(): Promise<string[]> {
    this.errors.push(...(await this.session.drainErrors().catch(() => [])));
    return this.errors;
  }
}
