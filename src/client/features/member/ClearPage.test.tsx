/** clear through the UI: nothing happens without the confirmation; with it, the service ends the session (issue 22), storage and caches are emptied and the app restarts. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, resetGateway, seen, server } from '../../test/gateway';
import { renderWithProviders } from '../../test/render';
import ClearPage, { restartApp } from './ClearPage';

const ROUTE = '/pages/clear/clear';

function fakeCaches(names: string[]) {
  const kept = new Set(names);
  return {
    kept,
    keys: jest.fn(async () => [...kept]),
    delete: jest.fn(async (name: string) => kept.delete(name)),
  };
}

const signOuts = () => seen.filter((r) => r.op === 'EntVip_EntVipLogout_Add').length;

let caches: ReturnType<typeof fakeCaches>;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  answer('EntVip_EntVipLogout_Add', () => ({ table1: [{ SignedOut: 1 }] }));
  localStorage.setItem('persist:cart', '{"entries":[]}');
  localStorage.setItem('language', 'zh-TW');
  sessionStorage.setItem('openUserInfo', '{"openid":"o1"}');
  caches = fakeCaches(['workbox-precache', 'pictures']);
  Object.defineProperty(window, 'caches', { value: caches, configurable: true });
});
afterEach(() => {
  resetGateway();
  localStorage.clear();
  sessionStorage.clear();
  delete (window as { caches?: unknown }).caches;
});

test('says what is cleared; cancelling the confirmation clears nothing', async () => {
  const user = userEvent.setup();
  const restart = jest.fn();
  renderWithProviders(<ClearPage restart={restart} />, { route: ROUTE });
  expect(await screen.findByText(/your cart/)).toBeInTheDocument();
  expect(screen.getByText(/are not affected/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear cache' }));
  const dialog = screen.getByRole('alertdialog');
  expect(dialog).toHaveTextContent('Clear the cache and restart the app?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(localStorage.getItem('language')).toBe('zh-TW');
  expect(sessionStorage.length).toBe(1);
  expect(caches.delete).not.toHaveBeenCalled();
  expect(restart).not.toHaveBeenCalled();
  expect(signOuts()).toBe(0);
});

test('confirmed: signed out on the service (the HttpOnly cookie goes too), local and session storage and the Cache Storage emptied, then the app restarts', async () => {
  const user = userEvent.setup();
  // What was left when the app restarted: it restarts only once everything is cleared and the session ended.
  const left: number[][] = [];
  const restart = jest.fn(() => {
    left.push([localStorage.length, sessionStorage.length, caches.kept.size, signOuts()]);
  });
  renderWithProviders(<ClearPage restart={restart} />, { route: ROUTE });
  await user.click(await screen.findByRole('button', { name: 'Clear cache' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear cache' }));
  await waitFor(() => expect(restart).toHaveBeenCalledTimes(1));
  expect(left).toEqual([[0, 0, 0, 1]]);
  expect(caches.delete.mock.calls.map(([name]) => name).sort()).toEqual(['pictures', 'workbox-precache']);
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
});

test('without Cache Storage (an insecure origin) the rest is still cleared', async () => {
  delete (window as { caches?: unknown }).caches;
  const user = userEvent.setup();
  const restart = jest.fn();
  renderWithProviders(<ClearPage restart={restart} />, { route: ROUTE });
  await user.click(await screen.findByRole('button', { name: 'Clear cache' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear cache' }));
  await waitFor(() => expect(restart).toHaveBeenCalled());
  expect(localStorage.length).toBe(0);
});

test('the restart loads the app again at its entry, keeping the query (test mode)', () => {
  const replace = jest.fn();
  restartApp({ origin: 'https://order.example', pathname: '/app/', search: '?test=1', replace });
  expect(replace).toHaveBeenCalledWith('https://order.example/app/?test=1');
});
