/**
 * Issue 23: a closed outlet says so on its home page, before any tap: 'Store
 * is not opened now.', its hours of the day and when it opens, no "Order now"
 * and no menu, and the enterprise's outlets open now (with their hours) to go
 * to instead. An open outlet shows its hours of the day; so does each outlet of
 * the outlet list.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { baseInfo, orderState, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const OUTLETS = 'Base_BaseInfoByGPSGet_Get';
const outlet = (BaseID: string, BaseName: string, OpeningHours: string): Partial<StandInRow<typeof OUTLETS>> => ({
  BaseID, ShopID: 'S1', BaseName, BaseCode: BaseID, BusinessMode: '0', CYType: '0', BeginTime: '', EndTime: '', WebOrderDuration: 0,
  PayMode: 'prepay', IsPayLaterOnlineCheckout: '0', OpeningHours, Address: '', Phone: '', GPS_Lng: null, GPS_Lat: null, Distance: '',
});
const hours = (begin: string, end: string, extra = '') => `{"times":[{"begin":"${begin}","end":"${end}"}]${extra}}`;

// The service's clock: 09:30 in Macau (01:30 UTC) on Friday 2026-11-27.
const NOW = Date.parse('2026-11-27T01:30:00Z');
const at = (over: Parameters<typeof baseInfo>[0]) => shopState({ baseInfo: baseInfo(over), clockOffsetMs: NOW - Date.now() });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('Goods_GoodsShopHomeGoodsByPage_Get', { table1: [{ GoodsID: 'G1', GoodsName: 'BBQ Pork Rice', SalesPrice: '48.0000', Price: '48.0000', PromotePrice: '', Pic: '' }], table2: [{ TotalCount: 1 }] });
  answer(OUTLETS, {
    table1: [
      outlet('B1', 'Main outlet', hours('11:00', '22:00')),
      outlet('B2', 'Taipa (always open)', hours('00:00', '00:00')),
      outlet('B3', 'Late night', hours('18:00', '02:00')),
      outlet('B4', 'Coloane', hours('11:00', '22:00', ',"dateRanges":[{"begin":"2026-01-01 00:00","end":"2026-02-01 00:00"}]')),
    ],
    table2: [{ TotalCount: 4 }],
  });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('closed until 11:00 today: said on the home page, with the hours, the opening and the outlets open now', async () => {
  renderWithProviders(<Shell />, { route: '/pages/home/home', preloadedState: orderState({ shop: at({ OpeningHours: hours('11:00', '22:00') }) }) });
  expect(await screen.findByRole('alert')).toHaveTextContent('Store is not opened now.');
  expect(screen.getByText('Today 11:00–22:00')).toBeInTheDocument();
  expect(screen.getByText('Opens Friday, Nov 27 at 11:00')).toBeInTheDocument();
  // Nothing that leads to a menu that would refuse the order.
  expect(screen.queryByRole('link', { name: 'Order now' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Order by item number' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Recommended' })).toBeNull();
  // The enterprise's outlets open now, not this one, not the closed ones.
  const open = await screen.findByRole('region', { name: 'Open now' });
  const links = within(open).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual(['Taipa (always open)Open now · Open 24 hours']);
  expect(links[0]).toHaveAttribute('href', '/?BaseID=B2');
  expect(screen.getByRole('link', { name: 'Other outlets' })).toBeInTheDocument();
});

test('closed for good (a date range that has ended): closed today, no opening to come', async () => {
  renderWithProviders(<Shell />, {
    route: '/pages/home/home',
    preloadedState: orderState({ shop: at({ OpeningHours: hours('11:00', '22:00', ',"dateRanges":[{"begin":"2026-01-01 00:00","end":"2026-02-01 00:00"}]') }) }),
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Store is not opened now.');
  expect(screen.getByText('Closed today')).toBeInTheDocument();
  expect(screen.getByText('It has no opening hours in the coming days.')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: /Taipa \(always open\)/ })).toBeInTheDocument();
});

test('open: its hours of the day under its name, and the way to order', async () => {
  renderWithProviders(<Shell />, { route: '/pages/home/home', preloadedState: orderState({ shop: at({ OpeningHours: hours('09:00', '22:00') }) }) });
  expect(await screen.findByRole('link', { name: 'Order now' })).toBeInTheDocument();
  expect(screen.getByText('Today 09:00–22:00')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(seen.some((r) => r.op === OUTLETS)).toBe(false);
});

test('the outlet list shows each outlet open or closed now, with its hours of the day', async () => {
  const geo = navigator.geolocation;
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_ok: unknown, refuse: () => void) => refuse() },
  });
  try {
    renderWithProviders(<Shell />, { route: '/pages/baseSelect/baseSelect', preloadedState: orderState({ shop: at({}) }) });
    const main = await screen.findByRole('link', { name: /Main outlet/ });
    expect(main).toHaveTextContent('Closed now · Today 11:00–22:00');
    expect(screen.getByRole('link', { name: /Taipa/ })).toHaveTextContent('Open now · Open 24 hours');
    expect(screen.getByRole('link', { name: /Late night/ })).toHaveTextContent('Closed now · Today 18:00–02:00');
    expect(screen.getByRole('link', { name: /Coloane/ })).toHaveTextContent('Closed now · Closed today');
  } finally {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geo });
  }
});
