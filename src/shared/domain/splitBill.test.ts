/**
 * Issue 28: the service charge and the split of a bill, shared by the app and
 * the service (orderTotals.ts). Property test: 10,000 bills.
 */
import fc from 'fast-check';
import { allocateMinor, billMinor, couponOff, evenSharesMinor, serviceChargeMinor, sharesAmountMinor, unitAmountsMinor } from './orderTotals';

const lineArb = fc.record({ priceMinor: fc.integer({ min: 0, max: 500_000 }), qua: fc.integer({ min: 1, max: 12 }) });
const couponArb = fc.oneof(
  fc.record({ type: fc.constant(1), faceValue: fc.integer({ min: 1, max: 500 }).map(String), minAmount: fc.constant('0') }),
  fc.record({ type: fc.constant(2), faceValue: fc.integer({ min: 50, max: 99 }).map(String), minAmount: fc.constant('0') }),
);

describe('service charge', () => {
  test('10 % of the subtotal after discounts, rounded half up once', () => {
    expect(serviceChargeMinor(155_200, 1000)).toBe(15_520);
    expect(serviceChargeMinor(145_200, 1000)).toBe(14_520);
    expect(serviceChargeMinor(5, 1000)).toBe(1); // 0.5 -> 1
    expect(serviceChargeMinor(4, 1000)).toBe(0);
    expect(serviceChargeMinor(12_345, 0)).toBe(0);
    expect(billMinor({ goodsMinor: 155_200, couponMinor: 10_000, serviceBp: 1000 })).toEqual({ subtotalMinor: 145_200, serviceMinor: 14_520, totalMinor: 159_720 });
  });

  test('allocation: exact, pro rata, largest remainders', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(1000, [0, 0])).toEqual([500, 500]);
    expect(allocateMinor(10, [3, 0, 7])).toEqual([3, 0, 7]);
    expect(evenSharesMinor(100, 3)).toEqual([33, 33, 34]);
    expect(sharesAmountMinor(100, 3, 0, 2, 100)).toBe(66);
    expect(sharesAmountMinor(100, 3, 2, 1, 34)).toBe(34);
  });

  test('property: for 1-40 lines, 0-2 coupons, 0-15 % service and N = 2-20, the shares add up to the bill and differ by at most one minor unit', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 40 }),
        fc.array(couponArb, { minLength: 0, maxLength: 2 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 2, max: 20 }),
        (lines, coupons, bp, n) => {
          const amounts = lines.map((l) => l.priceMinor * l.qua);
          const goodsMinor = amounts.reduce((a, b) => a + b, 0);
          let couponMinor = 0;
          for (const c of coupons) {
            const off = couponOff(c, goodsMinor - couponMinor, 2);
            if (off.ok) couponMinor += off.minor;
          }
          const bill = billMinor({ goodsMinor, couponMinor, serviceBp: bp });
          expect(bill.totalMinor).toBe(Math.max(0, goodsMinor - couponMinor) + bill.serviceMinor);
          const shares = evenSharesMinor(bill.totalMinor, n);
          expect(shares).toHaveLength(n);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(bill.totalMinor);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
          // Paid share by share (a payer may take several), the last payer absorbs the rest exactly.
          let rest = bill.totalMinor;
          let taken = 0;
          while (taken < n) {
            const k = Math.min(n - taken, 1 + (taken % 3));
            const pay = sharesAmountMinor(bill.totalMinor, n, taken, k, rest);
            expect(pay).toBeGreaterThanOrEqual(0);
            rest -= pay;
            taken += k;
          }
          expect(rest).toBe(0);
          // Pay by units: service and discounts pro rata, the units add up to the bill exactly.
          const units = unitAmountsMinor(bill.totalMinor, lines.map((l, i) => ({ lineId: i + 1, amountMinor: amounts[i]!, units: l.qua })));
          const all = [...units.values()].flat();
          expect(all.reduce((a, b) => a + b, 0)).toBe(bill.totalMinor);
          expect(all.every((u) => u >= 0)).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
