/** The kitchen's one clock: timers in view written each second, those far out of view every FAR_EVERY seconds and at once when they come near. */
import { act, render } from '@testing-library/react';
import { useCallback, useRef } from 'react';
import type * as TickerModule from './ticker';
import { FakeObserver, installFakeObserver } from '../test/fakeObserver';

// The clock makes its observer when its first timer mounts: the stand-in is there before (this file's own
// copy of the module; the first test counts ticks from the module's start).
installFakeObserver();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ticker = require('./ticker') as typeof TickerModule;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Shows the seconds since `since` (ms), written by the clock. */
function Seconds({ since, label }: { since: number; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const text = useCallback((n: number) => String(Math.floor((n - since) / 1000)), [since]);
  ticker.useTickingText(ref, text);
  return <span ref={ref} aria-label={label} />;
}

test('a timer out of view is written every FAR_EVERY seconds, and at once when it comes into view; one in view every second', () => {
  const since = ticker.serviceNow();
  const { getByLabelText, unmount } = render(
    <>
      <Seconds since={since} label="near" />
      <Seconds since={since} label="far" />
    </>,
  );
  const near = getByLabelText('near');
  const far = getByLabelText('far');
  const io = FakeObserver.last!;
  expect(io.observed).toEqual(new Set([near, far]));
  act(() => io.show(far, false));

  act(() => jest.advanceTimersByTime(3_000));
  expect(near.textContent).toBe('3');
  expect(far.textContent).toBe('0');

  act(() => jest.advanceTimersByTime((ticker.FAR_EVERY - 3) * 1_000));
  expect(near.textContent).toBe(String(ticker.FAR_EVERY));
  expect(far.textContent).toBe(String(ticker.FAR_EVERY));

  act(() => jest.advanceTimersByTime(2_000));
  expect(far.textContent).toBe(String(ticker.FAR_EVERY));
  // Scrolled into view: its time now, without waiting for a tick.
  act(() => io.show(far, true));
  expect(far.textContent).toBe(String(ticker.FAR_EVERY + 2));
  act(() => jest.advanceTimersByTime(1_000));
  expect(far.textContent).toBe(String(ticker.FAR_EVERY + 3));

  unmount();
  expect(io.observed.size).toBe(0);
});

test("the service's clock moved: every timer is written at once, in view or not", () => {
  const since = Date.now();
  const { getByLabelText } = render(<Seconds since={since} label="far" />);
  const far = getByLabelText('far');
  act(() => FakeObserver.last!.show(far, false));
  act(() => ticker.syncClock(new Date(since + 6 * 60_000).toISOString()));
  expect(far.textContent).toBe('360');
});
