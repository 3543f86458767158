/**
 * Every route of SPEC section 2, with its title and how its page loads. Pages
 * load on demand, one chunk each.
 */
import { loadLaterMessages } from '../i18n/laterMessages';
import { type MessageDescriptor } from 'react-intl';
import type { ComponentType } from 'react';
import { ENTRY_PATH, isTab, pathOf, routeTitles, type RouteName } from './paths';

// Pages link through the leaf app/paths.ts (these stay here for the shell and older callers).
export { ENTRY_PATH, pathOf, routeTitles };

export interface PageModule {
  default: ComponentType;
}

export interface RouteDef {
  name: RouteName;
  path: string;
  title: MessageDescriptor;
  tab?: boolean;
  load: () => Promise<PageModule>;
}

const t = routeTitles;


/** Pages whose texts are all in the first part of the locale (the table link's first screen and the tabs). */
const FIRST_PART_PAGES = new Set(['home']);

/** A page's loader that also brings the later part of the locale (i18n/messageParts.ts) before the page renders. */
const withLaterMessages =
  (load: RouteDef['load']): RouteDef['load'] =>
  () =>
    Promise.all([load(), loadLaterMessages()]).then(([module]) => module);

const page = (
  name: RouteName,
  title: MessageDescriptor,
  load: RouteDef['load'],
): RouteDef => ({
  name,
  path: pathOf(name),
  title,
  load: FIRST_PART_PAGES.has(name) ? load : withLaterMessages(load),
  tab: isTab(name),
});

export const routes: RouteDef[] = [
  {
    name: 'scanCodeEntry',
    path: ENTRY_PATH,
    title: t.scanCodeEntry,
    load: () => import(/* webpackChunkName: "page-entry" */ '../features/entry/EntryPage'),
  },
  page(
    'home',
    t.home,
    () => import(/* webpackChunkName: "page-home" */ '../features/shop/HomePage'),
  ),
  page(
    'orderList',
    t.orderList,
    () => import(/* webpackChunkName: "page-order-list" */ '../features/orders/OrderListPage'),
  ),
  page(
    'mine',
    t.mine,
    () => import(/* webpackChunkName: "page-mine" */ '../features/member/MinePage'),
  ),
  page(
    'goodsList',
    t.goodsList,
    // Issue 28: with the table's cart and calls at a pay-after table (TablePages.tsx).
    () => import(/* webpackChunkName: "page-goods-list" */ './TablePages').then((m) => ({ default: m.MenuPage })),
  ),
  page(
    'postpayCart',
    t.postpayCart,
    () => import(/* webpackChunkName: "page-cart" */ './TablePages').then((m) => ({ default: m.CartPage })),
  ),
  page(
    'prepayCart',
    t.prepayCart,
    () => import(/* webpackChunkName: "page-cart" */ '../features/cart/PrepayCartPage'),
  ),
  page(
    'prepayOrderConfirm',
    t.prepayOrderConfirm,
    () =>
      import(
        /* webpackChunkName: "page-order-confirm" */ '../features/checkout/PrepayOrderConfirmPage'
      ),
  ),
  page(
    'postpayOrderConfirm',
    t.postpayOrderConfirm,
    () =>
      import(
        /* webpackChunkName: "page-order-confirm" */ '../features/checkout/PostpayOrderConfirmPage'
      ),
  ),
  page(
    'orderDetails',
    t.orderDetails,
    () =>
      import(/* webpackChunkName: "page-order-details" */ '../features/orders/OrderDetailsPage'),
  ),
  page(
    'paymentResult',
    t.paymentResult,
    () =>
      import(
        /* webpackChunkName: "page-payment-result" */ '../features/payments/PaymentResultPage'
      ),
  ),
  page(
    'shopSelect',
    t.shopSelect,
    () => import(/* webpackChunkName: "page-shop-select" */ '../features/shop/ShopSelectPage'),
  ),
  page(
    'baseSelect',
    t.baseSelect,
    () => import(/* webpackChunkName: "page-base-select" */ '../features/shop/BaseSelectPage'),
  ),
  page(
    'search',
    t.search,
    () => import(/* webpackChunkName: "page-search" */ '../features/menu/SearchPage'),
  ),
  page(
    'loginByCode',
    t.loginByCode,
    () => import(/* webpackChunkName: "page-login-by-code" */ '../features/auth/LoginByCodePage'),
  ),
  page(
    'areaCodeSelect',
    t.areaCodeSelect,
    () =>
      import(/* webpackChunkName: "page-area-code-select" */ '../features/auth/AreaCodeSelectPage'),
  ),
  page(
    'vipBalance',
    t.vipBalance,
    () => import(/* webpackChunkName: "page-vip-balance" */ '../features/wallet/VipBalancePage'),
  ),
  page(
    'vipBalanceRecordList',
    t.vipBalanceRecordList,
    () =>
      import(/* webpackChunkName: "page-balance-records" */ '../features/wallet/BalanceRecordListPage'),
  ),
  page(
    'vipBalanceRecharge',
    t.vipBalanceRecharge,
    () => import(/* webpackChunkName: "page-recharge" */ '../features/wallet/RechargePage'),
  ),
  page(
    'rechargeResult',
    t.rechargeResult,
    () => import(/* webpackChunkName: "page-recharge-result" */ '../features/wallet/RechargeResultPage'),
  ),
  page(
    'vipScoreRecordList',
    t.vipScoreRecordList,
    () =>
      import(/* webpackChunkName: "page-score-records" */ '../features/wallet/ScoreRecordListPage'),
  ),
  page(
    'addressList',
    t.addressList,
    () => import(/* webpackChunkName: "page-address-list" */ '../features/addresses/AddressListPage'),
  ),
  page(
    'addressEdit',
    t.addressEdit,
    () => import(/* webpackChunkName: "page-address-edit" */ '../features/addresses/AddressEditPage'),
  ),
  page(
    'vipDetailsEdit',
    t.vipDetailsEdit,
    () =>
      import(
        /* webpackChunkName: "page-vip-details-edit" */ '../features/member/VipDetailsEditPage'
      ),
  ),
  page(
    'couponsList',
    t.couponsList,
    () => import(/* webpackChunkName: "page-coupons-list" */ '../features/coupons/CouponsListPage'),
  ),
  page(
    'couponDetails',
    t.couponDetails,
    () =>
      import(/* webpackChunkName: "page-coupon-details" */ '../features/coupons/CouponDetailsPage'),
  ),
  page(
    'couponSelect',
    t.couponSelect,
    () =>
      import(/* webpackChunkName: "page-coupon-select" */ '../features/checkout/CouponSelectPage'),
  ),
  page(
    'vipQrCode',
    t.vipQrCode,
    () => import(/* webpackChunkName: "page-vip-qr-code" */ '../features/member/VipQrCodePage'),
  ),
  page(
    'changeByCode',
    t.changeByCode,
    () => import(/* webpackChunkName: "page-change-by-code" */ '../features/auth/ChangeByCodePage'),
  ),
  page(
    'orderEntry',
    t.orderEntry,
    () => import(/* webpackChunkName: "page-order-entry" */ '../features/shop/OrderEntryPage'),
  ),
  page(
    'paying',
    t.paying,
    () => import(/* webpackChunkName: "page-paying" */ '../features/payments/PayingPage'),
  ),
  page(
    'browserPrompt',
    t.browserPrompt,
    () =>
      import(/* webpackChunkName: "page-browser-prompt" */ '../features/entry/BrowserPromptPage'),
  ),
  {
    name: 'terms',
    path: pathOf('terms'),
    title: t.terms,
    load: () => import(/* webpackChunkName: "page-terms" */ '../features/checkout/TermsPage'),
  },
  page(
    'clear',
    t.clear,
    () => import(/* webpackChunkName: "page-clear" */ '../features/member/ClearPage'),
  ),
];

export const routeByName = Object.fromEntries(routes.map((r) => [r.name, r])) as Record<
  string,
  RouteDef
>;
export const tabRoutes = routes.filter((r) => r.tab);

export function routeForPath(pathname: string): RouteDef | undefined {
  return routes.find((r) => r.path === pathname);
}
