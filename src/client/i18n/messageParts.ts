/**
 * Which messages a table link's first screen can do without: those of the
 * pages a customer opens later (checkout, wallet, coupons, addresses, the
 * member's pages, order details...). The build splits each locale in two
 * chunks by these id prefixes (scripts/compile-messages-loader.cjs): the
 * first part comes with the first screen, the later part is loaded before
 * any later page renders (routes.ts), so the first screen's download does
 * not grow with every page the app gains.
 */
export const LATER_MESSAGE_PREFIXES = [
  'addressEdit',
  'allergens',
  'addressList',
  'addressMap',
  'areaCodeSelect',
  'changeByCode',
  'checkout',
  'chooser',
  'clear',
  'closed',
  'coupon',
  'coupons',
  'entryHelp',
  'favourites',
  'line',
  'live',
  'loginByCode',
  'offline',
  'orderDetails',
  'orderAgain',
  'outlet',
  'paying',
  'paymentResult',
  'phoneCode',
  'receiptMail',
  'remark',
  'settle',
  'suggest',
  'tableCall',
  'tableCart',
  'split',
  'tableSheet',
  'terms',
  'tip',
  'vipDetailsEdit',
  'vipQrCode',
  'wallet',
] as const;

export function isLaterMessage(id: string): boolean {
  const prefix = id.split('.', 1)[0]!;
  return (LATER_MESSAGE_PREFIXES as readonly string[]).includes(prefix);
}
