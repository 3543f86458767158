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

/** A kept tap survives a sign-in round trip (a chat app's authorize page) for this long, in session storage. */
const KEPT_MS = 120_000;

/**
 * The app draws the screen now: the head's drawing goes. Returns the page a
 * tap on the drawing asked for, if any: the home page answers it (HomePage),
 * any other screen drops it (the customer sees something else than what they
 * tapped). A tap made before the app left for a sign-in page (a chat app's
 * authorize page) is kept in session storage by the drawing and answered when
 * the app is back, within KEPT_MS.
 */
export function takeOverFirstScreen(doc: Document = document, now = Date.now()): FirstScreenTap | null {
  let kept = '';
  try {
    kept = sessionStorage.getItem(TAPPED_ATTRIBUTE) ?? '';
    sessionStorage.removeItem(TAPPED_ATTRIBUTE);
  } catch {
    // Storage refused (a private window): the tap on this drawing still counts.
  }
  const [page, at] = kept.split(' ');
  const root = doc.getElementById(FIRST_SCREEN_ID);
  const tapped = root?.getAttribute(TAPPED_ATTRIBUTE) || (now - Number(at) < KEPT_MS ? page : null);
  root?.remove();
  return FIRST_SCREEN_TAPS.find((t) => t === tapped) ?? null;
}
