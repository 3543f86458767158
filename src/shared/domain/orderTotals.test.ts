import { bagFeeMinor, couponOff, freeAboveFrom, freightFor, lineBags, orderTotalMinor } from './orderTotals';

describe('order totals, shared by the confirm page and the service', () => {
  test('bags: per goods, for each pack and each loose unit, a part unit counting as one', () => {
    expect(lineBags(1, 0, 3)).toBe(3);
    expect(lineBags(2, 1, 0.5)).toBe(4);
    expect(lineBags(0, 5, 5)).toBe(0);
    expect(bagFeeMinor(3, 2)).toBe(300);
  });

  test('freight: free from the threshold on, 0 meaning always, none meaning never; the shortfall under the minimum', () => {
    const terms = { feeMinor: 800, freeAboveMinor: 20000, minAmountMinor: 5000 };
    expect(freightFor(terms, 9600)).toEqual({ feeMinor: 800, shortfallMinor: 0 });
    expect(freightFor(terms, 20000)).toEqual({ feeMinor: 0, shortfallMinor: 0 });
    expect(freightFor({ ...terms, freeAboveMinor: 0 }, 100)).toEqual({ feeMinor: 0, shortfallMinor: 4900 });
    expect(freightFor({ ...terms, freeAboveMinor: null }, 1_000_000)).toEqual({ feeMinor: 800, shortfallMinor: 0 });
    expect(freeAboveFrom('', 2)).toBeNull();
    expect(freeAboveFrom(null, 2)).toBeNull();
    expect(freeAboveFrom('0.0000', 2)).toBe(0);
    expect(freeAboveFrom('200.0000', 2)).toBe(20000);
  });

  test('coupons: minimum spend, cash and voucher need their face value, discount rounds half up', () => {
    expect(couponOff({ type: 1, faceValue: '20', minAmount: '100' }, 9999, 2)).toEqual({ ok: false, problem: 'minimum', minimumMinor: 10000 });
    expect(couponOff({ type: 1, faceValue: '20', minAmount: '0' }, 11600, 2)).toEqual({ ok: true, minor: 2000 });
    expect(couponOff({ type: 3, faceValue: '50', minAmount: '0' }, 4000, 2)).toEqual({ ok: false, problem: 'voucherMinimum', faceMinor: 5000 });
    // Pay 85 %: 15 % of 33.33 is 4.9995, rounded half up to 5.00.
    expect(couponOff({ type: 2, faceValue: '85', minAmount: '0' }, 3333, 2)).toEqual({ ok: true, minor: 500 });
    expect(couponOff({ type: 9, faceValue: '1', minAmount: '0' }, 3333, 2)).toEqual({ ok: false, problem: 'unavailable' });
  });

  test('total: goods + bag + freight - coupon, never below 0', () => {
    expect(orderTotalMinor({ goodsMinor: 9600, bagMinor: 200, feeMinor: 800, couponMinor: 2000 })).toBe(8600);
    expect(orderTotalMinor({ goodsMinor: 100, bagMinor: 0, feeMinor: 0, couponMinor: 500 })).toBe(0);
  });
});
