/** The checkout's pure rules: totals with freight, bags and coupons; time slots; LocalSheetID; the dining modes offered. */
import { DEFAULT_NUMBER_FORMATS } from '../../../shared/domain/numbers';
import { cartEntries } from '../../test/orderFixtures';
import { fingerprint, forgetLocalSheetIds, localSheetIdFor, newLocalSheetId, sixRandomDigits } from './localSheetId';
import { offeredTakeTypes } from './confirmForm';
import { timeSlots } from './timeSlots';
import { couponDiscount, orderTotals, type Coupon } from './totals';

const formats = DEFAULT_NUMBER_FORMATS;
const freight = { fee: '8.0000', minAmount: '50.0000', rangeKm: '5.0000', freeAbove: '200.0000' };
const coupon = (over: Partial<Coupon>): Coupon => ({
  CardID: 'C', CardCode: 'C', names: { zh: '', tw: '', en: '' }, type: 1, faceValue: '20', minAmount: '100', beginTime: '', endTime: '', status: 0, usable: true, reason: '', ...over,
});

describe('totals', () => {
  test('dine-in: the goods only', () => {
    expect(orderTotals({ entries: cartEntries('2'), formats, takeType: 'dinein', freight, coupon: null })).toMatchObject({
      lines: 2, quantity: 3, sales: '114.00', fee: '0.00', bags: 0, bag: '0.00', coupon: '0.00', total: '114.00', shortfall: '0.00',
    });
  });

  test('pickup: bags for each pack and loose unit of goods that need them', () => {
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'pickup', freight, coupon: null })).toMatchObject({ bags: 2, bag: '2.00', fee: '0.00', total: '116.00' });
    const [rice] = cartEntries('1');
    const packed = { ...rice!, list: [{ ...rice!.list[0]!, PUnit: 'box', PUnitPrice: '90.00', Ref: '2', pQua: 3, mQua: 1.5 }] };
    // 3 boxes + 2 (1.5 loose units round up) = 5 bags.
    expect(orderTotals({ entries: [packed], formats, takeType: 'pickup', freight, coupon: null }).bags).toBe(5);
  });

  test('delivery: the fee, free at or above FreeAbove, and the shortfall under the minimum', () => {
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'delivery', freight, coupon: null })).toMatchObject({ fee: '8.00', total: '124.00', shortfall: '0.00' });
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'delivery', freight: { ...freight, freeAbove: '114' }, coupon: null })).toMatchObject({ fee: '0.00', total: '116.00' });
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'delivery', freight: { ...freight, minAmount: '150' }, coupon: null })).toMatchObject({ shortfall: '36.00' });
  });

  test('delivery: a free-freight threshold of 0 is always free, as the service decides; none ("") is never free', () => {
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'delivery', freight: { ...freight, freeAbove: '0.0000' }, coupon: null })).toMatchObject({ fee: '0.00', total: '116.00' });
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'delivery', freight: { ...freight, freeAbove: '' }, coupon: null })).toMatchObject({ fee: '8.00', total: '124.00' });
  });

  test('coupons: the minimum first; cash and vouchers at least their amount; a discount rounded half up', () => {
    expect(couponDiscount(coupon({}), 11400, formats)).toEqual({ minor: 2000, problem: null });
    expect(couponDiscount(coupon({}), 9999, formats)).toEqual({ minor: 0, problem: 'minimum' });
    // 15 % off 33.33 = 4.9995 -> 5.00
    expect(couponDiscount(coupon({ type: 2, faceValue: '85.0000', minAmount: '0' }), 3333, formats)).toEqual({ minor: 500, problem: null });
    expect(couponDiscount(coupon({ type: 3, faceValue: '150', minAmount: '0' }), 11400, formats)).toEqual({ minor: 0, problem: 'voucherMinimum' });
    expect(couponDiscount(coupon({ type: 1, faceValue: '150', minAmount: '0' }), 11400, formats)).toEqual({ minor: 0, problem: 'voucherMinimum' });
    expect(couponDiscount(coupon({ type: 3, faceValue: '50', minAmount: '50' }), 11400, formats)).toEqual({ minor: 5000, problem: null });
    expect(couponDiscount(coupon({ status: 1 }), 11400, formats)).toEqual({ minor: 0, problem: 'unavailable' });
    expect(orderTotals({ entries: cartEntries('1'), formats, takeType: 'pickup', freight: null, coupon: coupon({}) })).toMatchObject({ coupon: '20.00', total: '96.00' });
  });
});

describe('time slots', () => {
  const zone = 'Asia/Macau';
  test('15-minute slots of today from 15 minutes on, within opening hours', () => {
    // 20:07 in Macau; open 09:00-21:00.
    const hours = { times: [{ begin: '09:00', end: '21:00' }], weekDays: [], dateRanges: [] };
    const slots = timeSlots(hours, new Date('2026-11-22T12:07:30Z'), zone).map((d) => d.toISOString());
    expect(slots).toEqual(['2026-11-22T12:30:00.000Z', '2026-11-22T12:45:00.000Z']);
  });
  test('always open: until the end of the day; none after the last slot', () => {
    expect(timeSlots(null, new Date('2026-11-22T15:00:00Z'), zone)).toHaveLength(3); // 23:15, 23:30, 23:45
    expect(timeSlots(null, new Date('2026-11-22T15:50:00Z'), zone)).toEqual([]);
  });
});

describe('LocalSheetID', () => {
  afterEach(() => window.sessionStorage.clear());

  test('the shop time as yyyyMMddHHmmssSSS and 6 random digits', () => {
    let n = 0;
    const id = newLocalSheetId(new Date('2026-11-22T04:05:06.789Z'), 'Asia/Macau', (b) => {
      b[0] = [4_294_967_295, 42][n++]!; // the first draw is rejected (modulo bias)
      return b;
    });
    expect(id).toBe('20261122120506789000042');
    expect(sixRandomDigits()).toMatch(/^\d{6}$/);
  });

  test('one id per order until it is placed; another order, another id', () => {
    const order = fingerprint(JSON.stringify({ a: 1 }));
    const other = fingerprint(JSON.stringify({ a: 2 }));
    expect(order).not.toBe(other);
    const first = localSheetIdFor(order, () => 'ID-1');
    expect(localSheetIdFor(order, () => 'ID-2')).toBe(first);
    expect(localSheetIdFor(other, () => 'ID-3')).toBe('ID-3');
    forgetLocalSheetIds();
    expect(localSheetIdFor(order, () => 'ID-4')).toBe('ID-4');
  });
});

test('dining modes: a table round is dine-in; otherwise what the outlet offers and the cart is in', () => {
  expect(offeredTakeTypes('postpay', '0', '0')).toEqual(['dinein']);
  expect(offeredTakeTypes('prepay', '0', '1')).toEqual(['pickup', 'delivery']);
  expect(offeredTakeTypes('prepay', '0', '2')).toEqual(['dinein']);
  expect(offeredTakeTypes('prepay', '0', '0')).toEqual(['dinein', 'pickup', 'delivery']);
  expect(offeredTakeTypes('prepay', '1', '2')).toEqual(['pickup', 'delivery']);
});
