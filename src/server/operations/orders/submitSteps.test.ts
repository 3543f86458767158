/**
 * The submit's steps one by one (issue 25 item 8), without a database: the
 * request read, a retry's answer, the outlet's rules, a delivery's rules and
 * fee, the client's figures against the service's and the round's statement.
 * The whole submit is orders.test.ts.
 */
import { schemas } from '../../../shared/protocol/schemas';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import { DEMO } from '../../db/seed';
import { deliveryHeader, line, pickupHeader } from '../../test/orders';
import { OpError } from '../context';
import { outletOf, type OutletRow } from './outlet';
import { checkClientFigures, deliveryFee, deliveryRules, outletRules, readRequest, repeatedAnswer, roundChange, type FirstRead } from './submit';

type Payload = PayloadOf<'PosSalSheet_NewCYSendSheetSubmit_Add'>;
const payloadOf = (header: Record<string, unknown>, lines = [line(DEMO.goods.bbqPorkRice, 48)]): Payload =>
  schemas.PosSalSheet_NewCYSendSheetSubmit_Add.payload.parse({ tableData: [{ TotalAmo: 48, ...header }], Item1: lines }) as Payload;
const member = { session: { vipId: 'V1', entId: 'E1', role: 'member' } } as Parameters<typeof readRequest>[0];

/** What OpError a step throws (its message key), or null. */
function refusal(step: () => unknown): string | null {
  try {
    step();
    return null;
  } catch (err) {
    if (err instanceof OpError) return err.key;
    throw err;
  }
}

const outletRow: OutletRow = {
  base_id: 'B1',
  shop_id: DEMO.shops.main,
  ent_id: 'E1',
  business_mode: 0,
  cy_type: '1',
  web_order_duration: 0,
  pay_mode: 'prepay',
  gps_lng: 113.5449,
  gps_lat: 22.2045,
  begin_time: '00:00',
  end_time: '23:59',
  opening_hours: null,
  online_checkout: null,
  base_time_zone: '',
  time_zone: 'Asia/Macau',
  amo_point: 1,
  price_point: 1,
  currency_symbol: 'MOP',
};
const read = (over: Partial<FirstRead> = {}): FirstRead => ({
  ...outletRow,
  app_language: null,
  freight_fee: '10',
  freight_min_amount: '50',
  freight_range_km: '5',
  freight_free_above: '200',
  prev_sheet_id: null,
  prev_round_no: null,
  prev_amount: null,
  prev_request_hash: null,
  prev_status: null,
  prev_pay_status: null,
  prev_pay_mode: null,
  prev_total_amo: null,
  prev_created_at: null,
  ...over,
});
const outlet = outletOf(outletRow);

describe('readRequest', () => {
  it('reads the member, the lines and a hash that is the same for the same order', () => {
    const payload = payloadOf(pickupHeader({ LocalSheetID: 'LOCAL0001' }));
    const request = readRequest(member, payload);
    expect(request).toMatchObject({ vipId: 'V1', localSheetId: 'LOCAL0001' });
    expect(request.lines).toHaveLength(1);
    expect(readRequest(member, payloadOf(pickupHeader({ LocalSheetID: 'LOCAL0001' }))).hash).toBe(request.hash);
    expect(readRequest(member, payloadOf(pickupHeader({ LocalSheetID: 'LOCAL0001' }), [line(DEMO.goods.bbqPorkRice, 48, { MQua: 2 })])).hash).not.toBe(request.hash);
  });

  it('refuses without a session and without a line to order', () => {
    expect(refusal(() => readRequest({ session: null } as Parameters<typeof readRequest>[0], payloadOf(pickupHeader())))).toBe('loginRequired');
    // The schema refuses such a payload first; the step holds even so.
    const parsed = payloadOf(pickupHeader());
    const none = { ...parsed, Item1: parsed.Item1.map((l) => ({ ...l, Qua: 0, PQua: 0, MQua: 0 })) };
    expect(refusal(() => readRequest(member, none))).toBe('orderInvalid');
  });
});

describe('repeatedAnswer', () => {
  const earlier = read({ prev_sheet_id: 'S1', prev_round_no: 1, prev_amount: '48.0000', prev_request_hash: 'h', prev_status: 0, prev_pay_status: 0, prev_pay_mode: 'prepay', prev_total_amo: '48.0000', prev_created_at: new Date('2026-11-25T12:00:00Z') });

  it('answers a retry of the same order as the first time', () => {
    expect(repeatedAnswer(earlier, { hash: 'h', localSheetId: 'LOCAL0001' }).table1[0]).toMatchObject({ SheetID: 'S1', LocalSheetID: 'LOCAL0001', RoundNo: 1, TotalAmo: '48.0000', CreatedDate: '2026-11-25T12:00:00Z' });
  });

  it('refuses another order under the same LocalSheetID', () => {
    expect(refusal(() => repeatedAnswer(earlier, { hash: 'other', localSheetId: 'LOCAL0001' }))).toBe('localSheetIdReused');
  });
});

test("an outlet's rules run in its own time zone, else its enterprise's (issue 27)", () => {
  expect(outlet.timeZone).toBe('Asia/Macau');
  expect(outletOf({ ...outletRow, base_time_zone: 'Europe/Lisbon' }).timeZone).toBe('Europe/Lisbon');
  expect(outletOf({ ...outletRow, time_zone: '' }).timeZone).toBe('Asia/Macau');
});

describe('outletRules', () => {
  it('the outlet and the way of ordering', () => {
    expect(outletRules(member, payloadOf(pickupHeader({ BaseID: 'B1' })).tableData[0]!, read())).toMatchObject({ mode: '1', takeType: 'pickup', postpay: false });
  });

  it.each<[string, Record<string, unknown>, FirstRead | undefined, string]>([
    ['no such outlet', {}, undefined, 'baseNotFound'],
    ['another shop', { ShopID: 'elsewhere' }, read(), 'baseNotFound'],
    ['dine-in taken away', { BusinessMode: '2', TakeType: 'pickup' }, read(), 'orderInvalid'],
    ['a way the outlet does not offer', { BusinessMode: '2', TakeType: 'dinein' }, read({ business_mode: 1 }), 'businessModeUnavailable'],
  ])('refuses %s', (_what, over, r, key) => {
    expect(refusal(() => outletRules(member, payloadOf(pickupHeader(over)).tableData[0]!, r))).toBe(key);
  });

  it("refuses an outlet of another enterprise than the session's", () => {
    expect(refusal(() => outletRules(member, payloadOf(pickupHeader()).tableData[0]!, read({ ent_id: 'E2' })))).toBe('loginRequired');
  });
});

describe('deliveryRules and deliveryFee', () => {
  const row = payloadOf(deliveryHeader()).tableData[0]!;

  it('a pickup has neither', () => {
    expect(deliveryRules(payloadOf(pickupHeader()).tableData[0]!, 'pickup', read())).toEqual({ delivery: null, freight: undefined });
    expect(deliveryFee(outlet, null, undefined, 1000)).toEqual({ feeMinor: 0, distance: null });
  });

  it('a delivery: its address, the freight rule; an outlet without one does not deliver', () => {
    const { delivery, freight } = deliveryRules(row, 'delivery', read());
    expect(delivery).toMatchObject({ house: '3樓B座', lat: 22.2045 });
    expect(freight).toEqual({ fee: '10', min_amount: '50', range_km: '5', free_above: '200' });
    expect(refusal(() => deliveryRules(row, 'delivery', read({ freight_fee: null })))).toBe('deliveryUnavailable');
    expect(refusal(() => deliveryRules(payloadOf(deliveryHeader({ CustName: '' })).tableData[0]!, 'delivery', read()))).toBe('contactRequired');
  });

  it('the fee, free above its figure, refused below the minimum or beyond the range', () => {
    const { delivery, freight } = deliveryRules(row, 'delivery', read());
    // One decimal (amo_point 1): 60.0 is 600 minor units.
    expect(deliveryFee(outlet, delivery, freight, 600)).toMatchObject({ feeMinor: 100 });
    expect(deliveryFee(outlet, delivery, freight, 600).distance).toBeLessThan(0.1);
    expect(deliveryFee(outlet, delivery, freight, 2500)).toMatchObject({ feeMinor: 0 });
    expect(refusal(() => deliveryFee(outlet, delivery, freight, 400))).toBe('minimumShortfall');
    expect(refusal(() => deliveryFee(outlet, { ...delivery!, lat: 23.2 }, freight, 600))).toBe('beyondRange');
  });
});

describe('checkClientFigures', () => {
  it("passes the client's figures when they are the service's, and refuses either a line or the total that is not", () => {
    const lines = [{ Amo: 48, amoMinor: 480 }];
    expect(refusal(() => checkClientFigures({ TotalAmo: 48 }, lines, 480, outlet))).toBeNull();
    expect(refusal(() => checkClientFigures({ TotalAmo: 47 }, lines, 480, outlet))).toBe('priceChanged');
    expect(refusal(() => checkClientFigures({ TotalAmo: 48 }, [{ Amo: 40, amoMinor: 480 }], 480, outlet))).toBe('priceChanged');
  });
});

describe('roundChange', () => {
  it("adds the round to the table's sheet: its sums grow, its number follows, the kitchen sees it as new", () => {
    const params: unknown[] = [];
    const now = new Date('2026-11-25T12:00:00Z');
    const order = { rules: { outlet, mode: '2' as const, takeType: 'dinein' as const, postpay: true }, priced: { lines: [], goodsMinor: 480, disMinor: 0, bagMinor: 0 }, totalMinor: 480 };
    const { sheetId, roundNo, change } = roundChange({ sheet_id: 'S1', round_count: 2 }, order, now, params);
    expect([sheetId, roundNo]).toEqual(['S1', 3]);
    expect(change).toMatch(/^UPDATE sheet SET sales_amo = sales_amo \+ \$1/);
    expect(change).toContain("progress = 'placed'");
    expect(params).toEqual(['48.0000', '0.0000', '48.0000', 3, now, 'S1']);
  });
});
