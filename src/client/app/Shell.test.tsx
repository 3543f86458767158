/** The shell: an unknown route logs '找不到路由' and offers a way home; tab pages show the tab bar. */
import { screen } from '@testing-library/react';
import { headerBack, Shell } from './Shell';
import { renderWithProviders } from '../test/render';

test('an unknown route logs and shows the not-found page', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithProviders(<Shell />, { route: '/pages/nowhere/nowhere' });
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/pages/home/home');
  expect(errors).toHaveBeenCalledWith('找不到路由', '/pages/nowhere/nowhere');
  errors.mockRestore();
});

test('a tab page shows the three tabs, the current one marked', async () => {
  renderWithProviders(<Shell />, { route: '/pages/mine/mine', locale: 'zh-TW' });
  const nav = await screen.findByRole('navigation', { name: '主要欄目' });
  expect(nav).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '我的' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: '首頁' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '我的訂單' })).toBeInTheDocument();
});

test('hideTabBar hides the tab bar', async () => {
  renderWithProviders(<Shell />, {
    route: '/pages/mine/mine',
    preloadedState: { ui: { locale: 'en', hostId: 'browser', hideTabBar: true, toasts: [] } },
  });
  expect(await screen.findByRole('radio', { name: 'English' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation')).toBeNull();
});

test('a page that is not a tab has a back button and its title', async () => {
  renderWithProviders(<Shell />, { route: '/pages/vipQrCode/vipQrCode' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Member code' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
});

describe("the header's Back (issue 23)", () => {
  const state = window.history.state as unknown;
  afterEach(() => window.history.replaceState(state, ''));

  test("goes to the app's previous page when the app has one in this tab", () => {
    window.history.replaceState({ idx: 2, key: 'k' }, '');
    const navigate = jest.fn();
    headerBack('paymentResult', navigate);
    expect(navigate).toHaveBeenCalledWith(-1);
  });

  test("never walks back out of the app: back from a provider, a result page's Back goes to the app's page for it", () => {
    // The page the provider sent the customer back to is the first entry of a new document: index 0.
    window.history.replaceState({ idx: 0, key: 'k' }, '');
    const navigate = jest.fn();
    headerBack('rechargeResult', navigate);
    expect(navigate).toHaveBeenCalledWith('/pages/vipBalance/vipBalance', { replace: true });
    headerBack('paymentResult', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/pages/orderList/orderList', { replace: true });
    window.history.replaceState(null, '');
    headerBack('vipQrCode', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/pages/home/home', { replace: true });
    expect(navigate).not.toHaveBeenCalledWith(-1);
  });
});

test('the entry page shows the tab bar: a code that leads nowhere leaves a way on (issue 23)', async () => {
  renderWithProviders(<Shell />, { route: '/' });
  expect(await screen.findByText('Scan the QR code on your table to order.')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My Order' })).toBeInTheDocument();
});
