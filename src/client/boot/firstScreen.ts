/**
 * The app's side of the head's drawing of the first screen
 * (boot/firstPaint.ts): take it away once the app shows the same screen, or
 * another. (The page's head runs the app's scripts once the drawing is
 * painted: scripts/first-screen-plugin.ts.)
 */

/** The id of the head's drawing's root element. */
export const FIRST_SCREEN_ID = 'first-screen';

export function isFirstScreenUp(doc: Document = document): boolean {
  return doc.getElementById(FIRST_SCREEN_ID) !== null;
}

/** The app draws the screen now: the head's drawing goes. */
export function takeOverFirstScreen(doc: Document = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}
