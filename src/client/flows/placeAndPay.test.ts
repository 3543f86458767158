/**
 * The place-and-pay flow on its own (the confirm page's tests drive it
 * through the form): a real store, the one MSW handler for the data endpoint.
 * What it does across features: the cart's ordered lines go only once the
 * order is placed, a refusal of the figures reads the prices again, a
 * table's round lands on the table's sheet, a refused payment leaves the
 * order to be paid on its page.
 */
import { ErrorCode } from '../../shared/protocol/envelope';
import type { GatewayError } from '../app/baseQuery';
import { makeStore } from '../app/store';
import { answer, makeRefuse, resetGateway, seen, server } from '../test/gateway';
import { baseInfo, cartEntries, orderState, shopState } from '../test/orderFixtures';
import { memoryStorage } from '../test/render';
import { placeAndPay, type PlaceAndPayInput } from './placeAndPay';

const SUBMIT = 'PosSalSheet_NewCYSendSheetSubmit_Add';
const PAY_BY_BALANCE = 'PosSalSheet_PosSalSheetAcctSubmit_V9_Add';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  resetGateway();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterAll(() => server.close());

const placed = (over: Record<string, unknown> = {}) => ({
  table1: [{ SheetID: 'SH1', LocalSheetID: '', RoundNo: 1, Status: 0, PayStatus: 0, TotalAmo: '116.0000', RoundAmo: '116.0000', CreatedDate: '2026-11-22T04:00:00Z', ...over }],
});

function setUp(state = orderState()) {
  const { store } = makeStore(state, { storage: memoryStorage() });
  const events: string[] = [];
  const refusals: (GatewayError | null)[] = [];
  const on = {
    refused: (error: GatewayError | null) => {
      events.push(`refused after ${seen.filter((r) => r.op === 'EShop_GoodsDetailGet_V2_Get').length} price reads`);
      refusals.push(error);
    },
    placed: () => events.push(`placed with ${store.getState().cart.entries.length} cart entries`),
  };
  const input = (over: Partial<PlaceAndPayInput> = {}): PlaceAndPayInput => ({
    payMode: 'prepay',
    request: { row: { ShopID: 'S1', BaseID: 'B1' }, items: [] } as unknown as PlaceAndPayInput['request'],
    entries: cartEntries('1'),
    clock: { offsetMs: 0, zone: 'Asia/Macau' },
    payType: 'balance',
    total: '116.00',
    TableID: '',
    ...over,
  });
  return { store, events, refusals, on, input };
}

test('placed, then paid from the balance: the lines leave the cart after the order is placed, and the flow ends on the payment result', async () => {
  answer(SUBMIT, placed());
  answer(PAY_BY_BALANCE, { table1: [{ SheetID: 'SH1', PayID: 'P1', PayAmo: '116.0000', Balance: '384.0000', Score: 116, Status: 1, PayStatus: 2 }] });
  const { store, events, on, input } = setUp();
  const outcome = await store.dispatch(placeAndPay(input(), on));
  expect(events).toEqual(['placed with 2 cart entries']);
  expect(store.getState().cart.entries).toHaveLength(0);
  expect(outcome).toEqual({ kind: 'placed', next: expect.stringMatching(/^\/pages\/paymentResult\/paymentResult\?/) });
  const pay = seen.find((r) => r.op === PAY_BY_BALANCE)!;
  expect(pay.json.tableData[0]).toMatchObject({ SheetID: 'SH1', PayAmo: '116.0000' });
});

test('a refusal of the figures (50010) keeps the cart, tells the caller first, then reads the prices again; nothing is paid', async () => {
  makeRefuse(SUBMIT, ErrorCode.mismatch, 'The prices have changed.');
  answer('EShop_GoodsDetailGet_V2_Get', (req) => {
    const id = String(req.json.tableData[0]!.GoodsID);
    return { table1: [{ GoodsID: id, GoodsName: id, SalesPrice: id === 'G1' ? '50.0000' : '18.0000', Price: '0', PromotePrice: '' }], table2: [], table3: [] };
  });
  const { store, events, refusals, on, input } = setUp();
  const outcome = await store.dispatch(placeAndPay(input(), on));
  expect(events).toEqual(['refused after 0 price reads']);
  expect(refusals[0]).toMatchObject({ kind: 'business', code: ErrorCode.mismatch, message: 'The prices have changed.' });
  expect(outcome).toEqual({ kind: 'refused', pricesRefreshed: true });
  expect(store.getState().cart.entries).toHaveLength(2);
  expect(seen.some((r) => r.op === 'EShop_GoodsDetailGet_V2_Get')).toBe(true);
  expect(seen.some((r) => r.op === PAY_BY_BALANCE)).toBe(false);
});

test('another refusal keeps the cart and reads no prices', async () => {
  makeRefuse(SUBMIT, '50001', 'The shop is closed.');
  const { store, on, input } = setUp();
  const outcome = await store.dispatch(placeAndPay(input(), on));
  expect(outcome).toEqual({ kind: 'refused', pricesRefreshed: false });
  expect(store.getState().cart.entries).toHaveLength(2);
  expect(seen.map((r) => r.op)).toEqual([SUBMIT]);
});

test("a table's pay-after round: the table's sheet is remembered and the flow ends on its details, without a payment", async () => {
  answer(SUBMIT, placed({ SheetID: 'TS1', RoundNo: 2, TotalAmo: '230.0000' }));
  const shop = shopState({ baseInfo: baseInfo({ BusinessMode: '2', PayMode: 'postpay' }) }, { TableID: 'T1' });
  const { store, on, input } = setUp(orderState({ mode: '2', shop }));
  const outcome = await store.dispatch(placeAndPay(input({ payMode: 'postpay', TableID: 'T1', entries: cartEntries('2') }), on));
  expect(outcome).toEqual({ kind: 'placed', next: '/pages/orderDetails/orderDetails?SheetID=TS1' });
  expect(store.getState().shop.params.PosSignSheetID).toBe('TS1');
  expect(store.getState().shop.signSheet).toMatchObject({ SheetID: 'TS1', TableID: 'T1', CreatedDate: '2026-11-22T04:00:00Z' });
  expect(seen.map((r) => r.op)).toEqual([SUBMIT]);
});

test('a refused payment leaves a placed, unpaid order: the flow ends on its details, which offer Pay now', async () => {
  answer(SUBMIT, placed());
  makeRefuse(PAY_BY_BALANCE, '50020', 'Not enough balance.');
  const { store, on, input } = setUp();
  const outcome = await store.dispatch(placeAndPay(input(), on));
  expect(outcome).toEqual({ kind: 'placed', next: '/pages/orderDetails/orderDetails?SheetID=SH1' });
  expect(store.getState().cart.entries).toHaveLength(0);
});
