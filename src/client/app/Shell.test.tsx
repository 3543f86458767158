/** The shell: an unknown route logs '找不到路由' and offers a way home; tab pages show the tab bar. */
import { screen } from '@testing-library/react';
import { Shell } from './Shell';
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
