/**
 * Where each page lives: route names, their paths, titles and which are tabs.
 * A leaf: it imports no page, so pages link to each other through it without
 * an import loop through the lazy routes table (routes.ts imports the pages;
 * the pages import this, never routes.ts; house style 9).
 */
import { defineMessages } from '../i18n/defineMessages';
import { type MessageDescriptor } from 'react-intl';

/** Every route's title (SPEC section 2), and the not-found page's. */
export const routeTitles = defineMessages({
  scanCodeEntry: { id: 'route.scanCodeEntry', defaultMessage: 'Scan to order' },
  home: { id: 'route.home', defaultMessage: 'Home' },
  orderList: { id: 'route.orderList', defaultMessage: 'My Order' },
  mine: { id: 'route.mine', defaultMessage: 'Me' },
  goodsList: { id: 'route.goodsList', defaultMessage: 'Order food' },
  postpayCart: { id: 'route.postpayCart', defaultMessage: 'Cart' },
  prepayCart: { id: 'route.prepayCart', defaultMessage: 'Cart' },
  prepayOrderConfirm: { id: 'route.prepayOrderConfirm', defaultMessage: 'Confirm order' },
  postpayOrderConfirm: { id: 'route.postpayOrderConfirm', defaultMessage: 'Confirm order' },
  orderDetails: { id: 'route.orderDetails', defaultMessage: 'Order details' },
  paymentResult: { id: 'route.paymentResult', defaultMessage: 'Payment result' },
  shopSelect: { id: 'route.shopSelect', defaultMessage: 'Choose a restaurant' },
  baseSelect: { id: 'route.baseSelect', defaultMessage: 'Choose an outlet' },
  search: { id: 'route.search', defaultMessage: 'Order by item number' },
  loginByCode: { id: 'route.loginByCode', defaultMessage: 'Sign in with phone' },
  areaCodeSelect: { id: 'route.areaCodeSelect', defaultMessage: 'Country calling code' },
  vipBalance: { id: 'route.vipBalance', defaultMessage: 'My account' },
  vipBalanceRecordList: { id: 'route.vipBalanceRecordList', defaultMessage: 'Balance history' },
  vipBalanceRecharge: { id: 'route.vipBalanceRecharge', defaultMessage: 'Top up' },
  rechargeResult: { id: 'route.rechargeResult', defaultMessage: 'Top-up result' },
  vipScoreRecordList: { id: 'route.vipScoreRecordList', defaultMessage: 'Points history' },
  addressList: { id: 'route.addressList', defaultMessage: 'Shipping addresses' },
  addressEdit: { id: 'route.addressEdit', defaultMessage: 'Edit address' },
  vipDetailsEdit: { id: 'route.vipDetailsEdit', defaultMessage: 'Profile' },
  couponsList: { id: 'route.couponsList', defaultMessage: 'My coupons' },
  couponDetails: { id: 'route.couponDetails', defaultMessage: 'Coupon details' },
  couponSelect: { id: 'route.couponSelect', defaultMessage: 'Choose a coupon' },
  vipQrCode: { id: 'route.vipQrCode', defaultMessage: 'Member code' },
  changeByCode: { id: 'route.changeByCode', defaultMessage: 'Change phone number' },
  orderEntry: { id: 'route.orderEntry', defaultMessage: 'Order' },
  paying: { id: 'route.paying', defaultMessage: 'Paying' },
  browserPrompt: { id: 'route.browserPrompt', defaultMessage: 'Open in browser' },
  terms: { id: 'route.terms', defaultMessage: 'Privacy policy and terms of use' },
  clear: { id: 'route.clear', defaultMessage: 'Clear cache' },
  notFound: { id: 'route.notFound', defaultMessage: 'Page not found' },
});

/** A route's name: a page of SPEC section 2 (routes.ts gives each its loader). */
export type RouteName = Exclude<keyof typeof routeTitles, 'notFound'>;

export const ENTRY_PATH = '/';
const TERMS_PATH = '/pages/prepayOrderConfirm/components/terms';
/** The tab bar's pages, in its order. */
export const TAB_NAMES: readonly RouteName[] = ['home', 'orderList', 'mine'];

/** A route's path: `/pages/<name>/<name>`, but for the entry and the terms. */
export function pathOf(name: RouteName): string {
  if (name === 'scanCodeEntry') return ENTRY_PATH;
  if (name === 'terms') return TERMS_PATH;
  return `/pages/${name}/${name}`;
}

export function isTab(name: RouteName): boolean {
  return TAB_NAMES.includes(name);
}

export interface RouteInfo {
  name: RouteName;
  path: string;
  title: MessageDescriptor;
  tab: boolean;
}

/** The route at a path (no query), or undefined when there is none. */
export function routeForPath(pathname: string): RouteInfo | undefined {
  for (const key of Object.keys(routeTitles)) {
    if (key === 'notFound') continue;
    const name = key as RouteName;
    if (pathOf(name) === pathname) return { name, path: pathname, title: routeTitles[name], tab: isTab(name) };
  }
  return undefined;
}
