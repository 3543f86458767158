import { blockDoubleTapZoom, DOUBLE_TAP_MS } from './noDoubleTapZoom';

function tap(): Event {
  const event = new Event('touchend', { cancelable: true });
  document.dispatchEvent(event);
  return event;
}

test('a second tap within 500 ms does not zoom; taps further apart are left alone', () => {
  let now = 1_000;
  const unblock = blockDoubleTapZoom(document, () => now);
  expect(tap().defaultPrevented).toBe(false);
  now += DOUBLE_TAP_MS;
  expect(tap().defaultPrevented).toBe(true);
  now += DOUBLE_TAP_MS + 1;
  expect(tap().defaultPrevented).toBe(false);
  unblock();
  now += 10;
  expect(tap().defaultPrevented).toBe(false);
});
