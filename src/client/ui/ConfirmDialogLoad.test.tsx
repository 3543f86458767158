/** The confirmation dialog's code comes in its own chunk (ConfirmDialog.tsx): a confirmation asked before it is in. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ConfirmProbe } from '../test/confirmProbe';

// Not loaded before the tests (src/client/test/setup.ts): the first confirmation asks for it.
(globalThis as { keepConfirmDialogOut?: boolean }).keepConfirmDialogOut = true;

test('a dialog whose code cannot be downloaded answers Cancel, and the next confirmation asks for it again and shows', async () => {
  jest.doMock('./ConfirmDialogHost', () => {
    throw new Error('Loading chunk confirm-dialog failed');
  });
  const user = userEvent.setup();
  renderWithProviders(<ConfirmProbe />, { locale: 'en' });
  await user.click(await screen.findByRole('button', { name: 'clear' }));
  expect(await screen.findByText('false')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).toBeNull();

  jest.dontMock('./ConfirmDialogHost');
  await user.click(screen.getByRole('button', { name: 'clear' }));
  expect(await screen.findByRole('alertdialog', { name: 'Clear the cart?' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('true')).toBeInTheDocument();
});
