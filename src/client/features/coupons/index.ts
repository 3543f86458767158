/** The coupons feature's public module: what other features may use. */
export { CouponValue, MinimumSpend, percentOff } from './CouponView';
export type { CouponType } from './couponsApi';
/** The one converter of the service's coupon rows (the member's list and checkout alike). */
export { toCoupon, type MemberCoupon } from './coupon';
