/** The one confirmation dialog, and toasts that last 2000 ms. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from './ConfirmDialog';
import { renderWithProviders } from '../test/render';
import { confirmations } from '../i18n/specMessages';
import { toastShown } from '../app/uiSlice';

function Probe() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ message: confirmations.clearCart })))}>
        clear
      </button>
      <output>{answer}</output>
    </>
  );
}

test('confirm resolves true, cancel false, in the current language', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Probe />, { locale: 'zh-CN' });
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
