import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// jsdom has no layout, so no scrolling: the shell's scroll restoration calls this on every page.
// (A test that asks for the node environment, like app/boundaries.test.ts, has no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// findBy* waits up to 1 s by default: on a loaded 2-core CI machine a page behind a lazy route and
// the later half of the messages can take longer than that to appear (PayingPage.test.tsx was
// seen failing so in a full run). Waiting longer changes no outcome, only how long a failure takes.
configure({ asyncUtilTimeout: 5000 });

// The confirmation dialog's code is a chunk the app asks for at idle (ui/ConfirmDialog.tsx): in, before
// each test file, so that a dialog shows in the render that opens it, as it does in the app once idle.
// (A test file that sets globalThis.keepConfirmDialogOut at its top keeps it out, to test its download.)
if (typeof window !== 'undefined') {
  beforeAll(async () => {
    if ((globalThis as { keepConfirmDialogOut?: boolean }).keepConfirmDialogOut) return;
    const { loadConfirmDialog } = await import('../ui/ConfirmDialog');
    await loadConfirmDialog();
  });
}
