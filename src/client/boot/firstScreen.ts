/**
 * The app's side of the head's drawing of the first screen
 * (boot/firstPaint.ts): take it away once the app shows the same screen, or
 * another, and answer the tap the drawing kept meanwhile (issue 24: a tap on
 * "Order now" before the app had started is not lost). (The page's head runs
 * the app's scripts once the drawing is painted: scripts/first-screen-plugin.ts.)
 */

/** The id of the head's drawing's root element. */
export const FIRST_SCREEN_ID = 'first-screen';

export function isFirstScreenUp(doc: Document = document): boolean {
  return doc.getElementById(FIRST_SCREEN_ID) !== null;
}

/** The pages the drawing's ways in lead to (the home page's links; app/paths.ts pathOf gives each its path). */
export const FIRST_SCREEN_TAPS = ['goodsList', 'search', 'baseSelect', 'shopSelect'] as const;
export type FirstScreenTap = (typeof FIRST_SCREEN_TAPS)[number];

/** The drawing's root keeps the last tap on one of its ways in, by page, in this attribute. */
export const TAPPED_ATTRIBUTE = 'data-tapped';

/**
 * The app draws the screen now: the head's drawing goes. Returns the page a
 * tap on the drawing asked for, if any: the home page answers it (HomePage),
 * any other screen drops it (the customer sees something else than what they
 * tapped).
 */
export function takeOverFirstScreen(doc: Document = document): FirstScreenTap | null {
  const root = doc.getElementById(FIRST_SCREEN_ID);
  if (!root) return null;
  const tapped = root.getAttribute(TAPPED_ATTRIBUTE);
  root.remove();
  return FIRST_SCREEN_TAPS.find((t) => t === tapped) ?? null;
}
