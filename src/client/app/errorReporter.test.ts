/** One feedback record per distinct uncaught error, never in a loop. */
import { installErrorReporter, MAX_REPORTS } from './errorReporter';

function fire(error: Error) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
}

test('each distinct uncaught error is sent once', async () => {
  const sent: string[] = [];
  const reporter = installErrorReporter(async (content) => sent.push(content));
  const a = new Error('boom');
  fire(a);
  await Promise.resolve();
  fire(a);
  fire(a);
  await Promise.resolve();
  reporter.uninstall();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ error: expect.stringContaining('Error: boom'), version: 'v2.0.3' });
});

test('unhandled rejections are reported too', async () => {
  const sent: string[] = [];
  const reporter = installErrorReporter(async (content) => sent.push(content));
  const event = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: new Error('rejected') });
  window.dispatchEvent(event);
  reporter.uninstall();
  expect(sent[0]).toContain('rejected');
});

test('an error while a report is being sent is not reported (no loop)', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const reporter = installErrorReporter(
    (content) =>
      new Promise<void>((resolve) => {
        sent.push(content);
        release = resolve;
      }),
  );
  expect(reporter.report(new Error('first'))).toBe(true);
  // Sending fails and throws again while the first report is in flight.
  expect(reporter.report(new Error('raised by the reporter'))).toBe(false);
  release();
  await new Promise((r) => setTimeout(r, 0));
  reporter.uninstall();
  expect(sent).toHaveLength(1);
});

test(`no more than ${MAX_REPORTS} reports in one visit`, async () => {
  const sent: string[] = [];
  const reporter = installErrorReporter(async (content) => {
    sent.push(content);
  });
  for (let i = 0; i < MAX_REPORTS + 5; i += 1) {
    reporter.report(new Error(`distinct ${i}`));
    await new Promise((r) => setTimeout(r, 0));
  }
  reporter.uninstall();
  expect(sent).toHaveLength(MAX_REPORTS);
});
