import { navigationKind } from './navigation';
import { routes } from './routes';
import { ENTRY_PATH, pathOf, routeForPath } from './paths';

test('tab pages open by switching tabs, other pages by ordinary navigation', () => {
  expect(navigationKind('/pages/home/home')).toBe('switchTab');
  expect(navigationKind('/pages/orderList/orderList?x=1')).toBe('switchTab');
  expect(navigationKind('/pages/mine/mine')).toBe('switchTab');
  expect(navigationKind('/pages/goodsList/goodsList')).toBe('navigateTo');
  expect(navigationKind('/pages/prepayOrderConfirm/components/terms')).toBe('navigateTo');
  expect(navigationKind('/pages/nope/nope')).toBe('unknown');
});

test('every route of SPEC section 2 is registered once', () => {
  const names = [
    'scanCodeEntry', 'home', 'orderList', 'mine', 'goodsList', 'postpayCart', 'prepayCart', 'prepayOrderConfirm',
    'postpayOrderConfirm', 'orderDetails', 'paymentResult', 'shopSelect', 'baseSelect', 'search', 'loginByCode',
    'areaCodeSelect', 'vipBalance', 'vipBalanceRecordList', 'vipBalanceRecharge', 'rechargeResult', 'vipScoreRecordList',
    'addressList', 'addressEdit', 'vipDetailsEdit', 'couponsList', 'couponDetails', 'couponSelect', 'vipQrCode',
    'changeByCode', 'orderEntry', 'paying', 'browserPrompt', 'terms', 'clear',
  ];
  expect(routes.map((r) => r.name).sort()).toEqual([...names].sort());
  expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  expect(routes.filter((r) => r.tab).map((r) => r.name)).toEqual(['home', 'orderList', 'mine']);
});

test('the leaf paths module agrees with the routes table: each route at its path, titled and tabbed the same', () => {
  for (const route of routes) {
    expect(pathOf(route.name)).toBe(route.path);
    expect(routeForPath(route.path)).toEqual({ name: route.name, path: route.path, title: route.title, tab: Boolean(route.tab) });
  }
  expect(routeForPath('/pages/nope/nope')).toBeUndefined();
  expect(routeForPath(ENTRY_PATH)?.name).toBe('scanCodeEntry');
});
