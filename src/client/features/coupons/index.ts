/** The coupons feature's public module: what other features may use. */
export { CouponValue, MinimumSpend, percentOff } from './CouponView';
export type { CouponType } from './couponsApi';
