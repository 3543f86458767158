/**
 * Issue 23: a bogus or unknown code is no dead end. The page says why, asks
 * for a scan again, and offers what there is: the tab bar always, the outlets
 * of the shop already open in the app, or the restaurant last visited.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { makeRefuse, resetGateway, server } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { ENTRY_STORAGE_KEY } from './entryStorage';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  makeRefuse('Enterprise_EntIDByIDGet_Get', '50000', 'Invalid QR Code');
  makeRefuse('EShop_EShopShopPageGet_Get', '50000', 'Invalid QR Code');
});
afterEach(() => {
  resetGateway();
  window.localStorage.clear();
});
afterAll(() => server.close());

test('a first visit with a bogus code: why, scan again, and the tab bar', async () => {
  renderWithProviders(<Shell />, { route: '/?QRCode=NOPE' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid QR Code');
  expect(screen.getByText('Scan the QR code on your table again, or ask our staff for help.')).toBeInTheDocument();
  const tabs = screen.getByRole('navigation', { name: 'Main sections' });
  expect(within(tabs).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  expect(within(tabs).getByRole('link', { name: 'My Order' })).toBeInTheDocument();
  expect(within(tabs).getByRole('link', { name: 'Me' })).toBeInTheDocument();
});

test("with a shop open in the app: its outlets to choose from", async () => {
  renderWithProviders(<Shell />, { route: '/?QRCode=NOPE', preloadedState: orderState() });
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid QR Code');
  expect(screen.getByRole('link', { name: 'Choose an outlet of Harbour Kitchen' })).toHaveAttribute('href', '/pages/baseSelect/baseSelect');
});

test('after a reload, the restaurant last visited', async () => {
  window.localStorage.setItem(ENTRY_STORAGE_KEY, JSON.stringify({ QRCode: 'HBK-good', BaseID: '', SheetID: '', TableID: '', ShopID: '', hideTabBar: false }));
  renderWithProviders(<Shell />, { route: '/?QRCode=NOPE' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid QR Code');
  expect(screen.getByRole('link', { name: 'Back to the restaurant you last visited' })).toHaveAttribute('href', '/?QRCode=HBK-good');
});
