import { blockDoubleTapZoom, DOUBLE_TAP_MS } from './noDoubleTapZoom';

function tap(on: Element = document.body): Event {
  const event = new Event('touchend', { cancelable: true, bubbles: true });
  on.dispatchEvent(event);
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

test('the quick second tap on a button still clicks it', () => {
  let now = 1_000;
  const unblock = blockDoubleTapZoom(document, () => now);
  const button = document.createElement('button');
  const span = document.createElement('span');
  button.append(span);
  document.body.append(button);
  const clicks: number[] = [];
  button.addEventListener('click', () => clicks.push(now));
  tap(span);
  now += 100;
  expect(tap(span).defaultPrevented).toBe(true);
  expect(clicks).toEqual([1_100]);
  unblock();
  button.remove();
});
