/** The offline note and the app's online state (issue 29 section 5): navigator.onLine and its events. */
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { isOnline } from '../app/online';
import { OfflineNote } from './OfflineNote';

let onLine = true;
beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
});
const goOffline = () => act(() => {
  onLine = false;
  window.dispatchEvent(new Event('offline'));
});
const goOnline = () => act(() => {
  onLine = true;
  window.dispatchEvent(new Event('online'));
});
afterEach(() => {
  onLine = true;
});

test('online: no note', async () => {
  renderWithProviders(
    <>
      <OfflineNote />
      <p>menu</p>
    </>,
  );
  expect(isOnline()).toBe(true);
  // The providers load the messages first: both render after them.
  await screen.findByText('menu');
  expect(screen.queryByText(/offline/)).toBeNull();
});

test.each([
  ['en', 'You are offline. This is the menu saved on this phone; ordering is off until you are back online.'],
  ['zh-CN', '当前处于离线状态。这是保存在本机的菜单，恢复联网后才能点餐。'],
  ['zh-TW', '目前處於離線狀態。這是儲存在本機的菜單，恢復連線後才能點餐。'],
] as const)('%s: the note comes when the phone goes offline and goes when it is back', async (locale, text) => {
  renderWithProviders(<OfflineNote />, { locale });
  goOffline();
  expect(isOnline()).toBe(false);
  // A status the screen reader reads out (the page's toasts are another).
  expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  goOnline();
  expect(screen.queryByText(text)).toBeNull();
});
