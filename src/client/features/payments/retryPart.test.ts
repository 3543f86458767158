/** retryPlan (issue 28): a failed payment's part asked for again, re-read against the bill now, in minor units. */
import { retryPlan, type BillNow, type PaidPart } from './retryPart';

const bill = (restAmo: string, over: Partial<BillNow['header']> = {}, heldBeers = 0): BillNow => ({
  header: { totalAmo: '171.6000', restAmo, sharesOf: 0, sharesTaken: 0, ...over },
  items: [
    { ItemID: 1, amo: '48.0000', units: 1, paidQua: 0, heldQua: 0, voided: false },
    { ItemID: 2, amo: '90.0000', units: 3, paidQua: 0, heldQua: heldBeers, voided: false },
    { ItemID: 3, amo: '18.0000', units: 1, paidQua: 0, heldQua: 0, voided: true },
  ],
});
const paid = (over: Partial<PaidPart>): PaidPart => ({ status: 'failed', amount: '0', part: 'rest', shareN: 0, shareOf: 0, tipAmo: '0', units: [], ...over });

test('an amount: the same while the rest covers it, else not payable; its tip kept', () => {
  expect(retryPlan(paid({ part: 'amount', amount: '55.0000', tipAmo: '5.0000' }), bill('100.0000'), 2)).toEqual({ ok: true, TotalAmo: '55.00', part: { Amo: '50.00', TipAmo: '5.00' } });
  expect(retryPlan(paid({ part: 'amount', amount: '55.0000', tipAmo: '5.0000' }), bill('49.9900'), 2)).toEqual({ ok: false });
});

test('units: at their part of the bill now while free; taken by another phone, or a voided line, not payable', () => {
  const beers = paid({ part: 'units', units: [{ LineID: 2, Qua: 2 }] });
  const plan = retryPlan(beers, bill('171.6000'), 2);
  expect(plan).toMatchObject({ ok: true, part: { Units: [{ LineID: 2, Qua: 2 }] } });
  expect(plan.ok && Number(plan.TotalAmo)).toBeGreaterThan(0);
  expect(retryPlan(beers, bill('171.6000', {}, 2), 2)).toEqual({ ok: false });
  expect(retryPlan(paid({ part: 'units', units: [{ LineID: 3, Qua: 1 }] }), bill('171.6000'), 2)).toEqual({ ok: false });
});

test('shares: another even split since, or no shares left, is not payable; nothing left at all is not either', () => {
  const share = paid({ part: 'share', shareN: 1, shareOf: 2 });
  expect(retryPlan(share, bill('114.4000', { sharesOf: 3, sharesTaken: 1 }), 2)).toEqual({ ok: false });
  expect(retryPlan(paid({ part: 'share', shareN: 2, shareOf: 2 }), bill('85.8000', { sharesOf: 2, sharesTaken: 1 }), 2)).toEqual({ ok: false });
  expect(retryPlan(share, bill('171.6000'), 2)).toEqual({ ok: true, TotalAmo: '85.80', part: { Share: { n: 1, of: 2 } } });
  expect(retryPlan(paid({ part: 'rest' }), bill('0.0000'), 2)).toEqual({ ok: false });
});

test('a tip over 30 % of what the part comes to now is not asked for silently: not payable as it was', () => {
  expect(retryPlan(paid({ part: 'rest', amount: '120.0000', tipAmo: '20.0000' }), bill('50.0000'), 2)).toEqual({ ok: false });
  expect(retryPlan(paid({ part: 'rest', amount: '120.0000', tipAmo: '15.0000' }), bill('50.0000'), 2)).toEqual({ ok: true, TotalAmo: '65.00', part: { TipAmo: '15.00' } });
});

test('still pending (cancelled on the provider page, its word not in yet): the same payment as it was; the whole sheet: its total', () => {
  expect(retryPlan(paid({ status: 'pending', part: 'units', amount: '66.0000', units: [{ LineID: 2, Qua: 2 }] }), bill('105.6000', {}, 2), 2)).toEqual({
    ok: true,
    TotalAmo: '66.00',
    part: { Units: [{ LineID: 2, Qua: 2 }] },
  });
  expect(retryPlan(paid({ part: '', amount: '116.0000' }), bill('171.6000'), 2)).toEqual({ ok: true, TotalAmo: '171.60', part: null });
});
