/** iOS zooms on a double tap; SPEC section 9 blocks it for taps within 500 ms. */
export const DOUBLE_TAP_MS = 500;

export function blockDoubleTapZoom(
  target: Document = document,
  now: () => number = () => Date.now(),
): () => void {
  let last = 0;
  const onTouchEnd = (e: TouchEvent) => {
    const t = now();
    if (t - last <= DOUBLE_TAP_MS) e.preventDefault();
    last = t;
  };
  target.addEventListener('touchend', onTouchEnd, { passive: false });
  return () => target.removeEventListener('touchend', onTouchEnd);
}
