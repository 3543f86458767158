/** The one confirmation dialog, and toasts that last 2000 ms. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useConfirm } from './ConfirmDialog';
import { renderWithProviders } from '../test/render';
import { ConfirmProbe } from '../test/confirmProbe';
import { confirmations } from '../i18n/specMessages';
import { toastShown } from '../app/uiSlice';

test('confirm resolves true, cancel false, in the current language', async () => {
  const user = userEvent.setup();
  renderWithProviders(<ConfirmProbe />, { locale: 'zh-CN' });
  await user.click(await screen.findByRole('button', { name: 'clear' }));
  const dialog = screen.getByRole('alertdialog', { name: '确定清空购物车？' });
  expect(dialog).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '确定' }));
  expect(screen.getByText('true')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'clear' }));
  await user.click(screen.getByRole('button', { name: '取消' }));
  expect(screen.getByText('false')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

test('a toast shows for 2000 ms', async () => {
  jest.useFakeTimers();
  try {
    const { store } = renderWithProviders(<p>page</p>);
    await screen.findByText('page');
    act(() => {
      store.dispatch(toastShown({ text: 'Sold out' }));
    });
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Sold out')).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test("the phone's Back closes the dialog as Cancel, and leaves the page where it was (issue 23)", async () => {
  const user = userEvent.setup();
  renderWithProviders(<ConfirmProbe />);
  const state: unknown = window.history.state;
  await user.click(await screen.findByRole('button', { name: 'clear' }));
  expect(screen.getByRole('alertdialog', { name: 'Clear the cart?' })).toBeInTheDocument();
  // The open dialog is a step of its own in history: Back takes it.
  expect((window.history.state as Record<string, unknown>).confirmDialog).toBe(true);
  act(() => window.history.back());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(screen.getByText('false')).toBeInTheDocument();
  expect(window.history.state).toEqual(state);
});

test("a button takes the dialog's step back before it answers", async () => {
  const user = userEvent.setup();
  const seen: unknown[] = [];
  function Caller() {
    const confirm = useConfirm();
    return (
      <button
        type="button"
        onClick={async () => {
          const ok = await confirm({ message: confirmations.clearCart });
          // What the caller does next (navigate) happens on the page's own history entry.
          seen.push(ok, window.history.state);
        }}
      >
        ask
      </button>
    );
  }
  renderWithProviders(<Caller />);
  const state: unknown = window.history.state;
  await user.click(await screen.findByRole('button', { name: 'ask' }));
  expect((window.history.state as Record<string, unknown>).confirmDialog).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(seen).toHaveLength(2));
  expect(seen).toEqual([true, state]);
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

test('a dialog opened while the last one is being closed: the last keeps its answer, the new one stays open', async () => {
  const answers: boolean[] = [];
  function Twice() {
    const confirm = useConfirm();
    return (
      <button type="button" onClick={async () => answers.push(await confirm({ message: confirmations.clearCart }))}>
        ask
      </button>
    );
  }
  renderWithProviders(<Twice />);
  fireEvent.click(await screen.findByRole('button', { name: 'ask' }));
  // Confirm, and at once (before its step back is taken) a second dialog.
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  fireEvent.click(screen.getByRole('button', { name: 'ask' }));
  await waitFor(() => expect(answers).toEqual([true]));
  expect(screen.getByRole('alertdialog', { name: 'Clear the cart?' })).toBeInTheDocument();
  // The new dialog has its own step: Back closes it.
  await waitFor(() => expect((window.history.state as Record<string, unknown>).confirmDialog).toBe(true));
  act(() => window.history.back());
  await waitFor(() => expect(answers).toEqual([true, false]));
  expect(screen.queryByRole('alertdialog')).toBeNull();
});
