/** A stand-in for the browser's IntersectionObserver (jsdom has none): the test says what is in view. */
export class FakeObserver {
  /** Every observer made, in order (the kitchen's clock and its board's stand-ins each make one). */
  static made: FakeObserver[] = [];
  static get last(): FakeObserver | null {
    return FakeObserver.made.at(-1) ?? null;
  }
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.made.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  show(el: Element, inView: boolean) {
    this.callback([{ target: el, isIntersecting: inView } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

/** Puts the stand-in in place of the browser's (before the modules that watch make their observers). */
export function installFakeObserver(): void {
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
}
