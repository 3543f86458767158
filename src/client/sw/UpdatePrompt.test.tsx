/** "Update available" (issue 29 section 5): Update lets the new build take over, Later keeps this one. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { UpdatePrompt } from './UpdatePrompt';

test.each([
  ['en', 'Update available', 'Update', 'Later'],
  ['zh-CN', '有新版本可用', '更新', '稍后'],
  ['zh-TW', '有新版本可用', '更新', '稍後'],
] as const)('%s: the prompt says so, and each button does its one thing', async (locale, available, update, later) => {
  const user = userEvent.setup();
  const onUpdate = jest.fn();
  const onLater = jest.fn();
  renderWithProviders(<UpdatePrompt onUpdate={onUpdate} onLater={onLater} />, { locale });
  const prompt = await screen.findByRole('region', { name: available });
  expect(prompt).toHaveTextContent(available);
  await user.click(screen.getByRole('button', { name: update }));
  expect(onUpdate).toHaveBeenCalledTimes(1);
  expect(onLater).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: later }));
  expect(onLater).toHaveBeenCalledTimes(1);
  expect(onUpdate).toHaveBeenCalledTimes(1);
});
