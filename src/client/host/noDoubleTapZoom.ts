/**
 * iOS zooms on a double tap; SPEC section 9 blocks it for taps within
 * 500 ms. Cancelling the second touchend also cancels the click it would
 * have made, so the click is delivered by hand: a customer tapping two
 * buttons quickly loses neither tap.
 */
export const DOUBLE_TAP_MS = 500;

export function blockDoubleTapZoom(target: Document = document, now: () => number = () => Date.now()): () => void {
  let last = 0;
  const onTouchEnd = (e: TouchEvent) => {
    const t = now();
    if (t - last <= DOUBLE_TAP_MS && e.cancelable) {
      e.preventDefault();
      const el = e.target instanceof Element ? (e.target.closest('button, a, input, select, textarea, label, [role="button"]') as HTMLElement | null) : null;
      if (el) {
        if (el.matches('input:not([type=checkbox]):not([type=radio]), select, textarea')) el.focus();
        else el.click();
      }
    }
    last = t;
  };
  target.addEventListener('touchend', onTouchEnd, { passive: false });
  return () => target.removeEventListener('touchend', onTouchEnd);
}
