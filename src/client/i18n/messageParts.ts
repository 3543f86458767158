/**
 * Which messages a table link's first screen can do without: those of the
 * pages a customer opens later (checkout, wallet, coupons, addresses, the
 * member's pages, order details...). The build splits each locale in two
 * chunks by these id prefixes (scripts/compile-messages-loader.cjs): the
 * first part comes with the first screen, the later part is loaded before
 * any later page renders (routes.ts), so the first screen's download does
 * not grow with every page the app gains. Issue 24: the texts of the tab and
 * list pages (orders, mine, the menu, cart, search, outlet and shop lists,
 * order states), the shared validation and confirmation texts and the
 * payment texts are the later part's too: only the entry and home pages show
 * the first part alone (routes.ts FIRST_PART_PAGES; the home page's payment
 * notice and closed notice load the later part with their code).
 */
export const LATER_MESSAGE_PREFIXES = [
  'addressEdit',
  'addressList',
  'addressMap',
  'allergens',
  'areaCodeSelect',
  'baseSelect',
  'browserPrompt',
  'cart',
  'cartBar',
  'changeByCode',
  'checkout',
  'chooser',
  'clear',
  'closed',
  'confirm',
  'coupon',
  'coupons',
  'entryHelp',
  'favourites',
  'line',
  'live',
  'loginByCode',
  'member',
  'menu',
  'mine',
  'offline',
  'orderAgain',
  'orderDetails',
  'orderEntry',
  'orders',
  'orderState',
  'outlet',
  'paying',
  'payment',
  'paymentResult',
  'phoneCode',
  'receiptMail',
  'refresh',
  'remark',
  'roundState',
  'search',
  'settle',
  'shopSelect',
  'split',
  'suggest',
  'tableCall',
  'tableCart',
  'tableSheet',
  'terms',
  'tip',
  'validation',
  'vipDetailsEdit',
  'vipQrCode',
  'wallet',
] as const;

export function isLaterMessage(id: string): boolean {
  const prefix = id.split('.', 1)[0]!;
  return (LATER_MESSAGE_PREFIXES as readonly string[]).includes(prefix);
}
