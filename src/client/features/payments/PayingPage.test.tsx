/** paying through the UI: the status polled until paid, then the result; a cancelled payment; the notice that brings a customer back. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server, type StandIn, type StandInRow } from '../../test/gateway';
import { orderState, PAY_METHODS, sheetDetail } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { browser } from '../../ui/redirect';
import { INFLIGHT_PAYMENT_KEY, rememberInflightPayment } from './inflightPayment';

const PAYING = '/pages/paying/paying?SheetID=SH1&PayID=PAY1';
const STATUS = 'Finance_PaySubmit_V2_Update';

const status = (Status: StandInRow<typeof STATUS>['Status']): StandIn<typeof STATUS> => ({ table1: [{ PayID: 'PAY1', SheetID: 'SH1', PayType: 'sandbox', Status, Amount: '116.0000', PaidAt: '', SheetStatus: 0, PayStatus: 1 }] });

// Pages loaded through the shell with a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
});
afterEach(() => {
  resetGateway();
  window.localStorage.clear();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

test('polls the payment until it is paid, then shows the result', async () => {
  rememberInflightPayment({ SheetID: 'SH1', PayID: 'PAY1' });
  let polls = 0;
  answer(STATUS, () => (++polls < 2 ? status('pending') : status('paid')));
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
  renderWithProviders(<Shell />, { route: PAYING, preloadedState: orderState() });
  expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
  expect(await screen.findByText('Total MOP$116.00')).toBeInTheDocument();
  const polled = seen.filter((r) => r.op === STATUS);
  expect(polled.length).toBeGreaterThanOrEqual(2);
  expect(polled[0]!.json.tableData[0]).toMatchObject({ SheetID: 'SH1', PayID: 'PAY1' });
  expect(window.localStorage.getItem(INFLIGHT_PAYMENT_KEY)).toBeNull();
});

test('a payment cancelled on the provider page offers to try again or pay another way', async () => {
  answer(STATUS, status('pending'));
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail());
  answer('Finance_PosPaySubmit_V5_Add', { table1: [{ PayID: 'PAY2', SheetID: 'SH1', PayUrl: 'http://localhost/sandbox/pay/PAY2', Amount: '116.0000', Status: 'pending' }] });
  const assign = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: `${PAYING}&cancelled=1`, preloadedState: orderState() });
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment was cancelled. Your order has not been paid.');
  expect(screen.getByRole('button', { name: 'Pay another way' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByText('Opening the payment page…');
  expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/PAY2');
  expect(seen.find((r) => r.op === 'Finance_PosPaySubmit_V5_Add')!.json.tableData[0]).toMatchObject({ SheetID: 'SH1', PayType: 'sandbox', TotalAmo: '116.0000' });
  expect(JSON.parse(window.localStorage.getItem(INFLIGHT_PAYMENT_KEY)!)).toMatchObject({ SheetID: 'SH1', PayID: 'PAY2' });
});

test('a failed payment sends the customer to the order to pay another way', async () => {
  answer(STATUS, status('failed'));
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail());
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: PAYING, preloadedState: orderState() });
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment did not go through.');
  await user.click(screen.getByRole('button', { name: 'Pay another way' }));
  expect(await screen.findByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Payment method' })).toBeInTheDocument();
});

test('opening the app with a payment still in progress offers to go back to it', async () => {
  rememberInflightPayment({ SheetID: 'SH1', PayID: 'PAY1' });
  answer(STATUS, status('pending'));
  answer('Goods_GoodsShopHomeGoodsByPage_Get', { table1: [] });
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: '/pages/home/home', preloadedState: orderState() });
  const notice = await screen.findByRole('status', { name: 'You have a payment in progress' });
  expect(notice).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'View payment' }));
  expect(await screen.findByRole('heading', { name: 'Paying' })).toBeInTheDocument();
});

// Issue 28: "Try again" after a failed payment of part of a table's bill asks for that part again.
describe('try again at a table whose bill others are paying', () => {
  const table = {
    TakeType: 'dinein',
    BusinessMode: '2',
    PayMode: 'postpay',
    TableID: 'T1',
    DisplayState: 'ordering',
    TotalAmo: '171.6000',
    SalesAmo: '156.0000',
    BagAmo: '0.0000',
    ServiceAmo: '15.6000',
    TipAmo: '0.0000',
  } as const;
  const line = { RoundNo: 1, SkuItems: '', PUnit: '', Detail: '', PaidQua: 0, HeldQua: 0, HeldBy: '', AddedByMe: 0 };
  const lines = (beersHeld: number) => [
    { ...line, ItemID: 1, GoodsName: 'BBQ Pork Rice', Qua: '1.0000', Amo: '48.0000', Units: 1 },
    { ...line, ItemID: 2, GoodsName: 'Beer', Qua: '3.0000', Amo: '90.0000', Units: 3, HeldQua: beersHeld, HeldBy: beersHeld ? 'Ana' : '' },
    { ...line, ItemID: 3, GoodsName: 'Milk Tea', Qua: '1.0000', Amo: '18.0000', Units: 1 },
  ];
  const failed = (part: Partial<StandInRow<typeof STATUS>>): StandIn<typeof STATUS> => ({
    table1: [{ PayID: 'PAY1', SheetID: 'SH1', PayType: 'sandbox', Status: 'failed', Amount: '85.8000', PaidAt: '', SheetStatus: 0, PayStatus: 0, ...part }],
  });
  /** The request's own fields (the envelope's session fields left out). */
  const partOf = (row: unknown) => {
    const { SheetID, PayType, TotalAmo, Share, Amo, Units, TipAmo } = row as Record<string, unknown>;
    return Object.fromEntries(Object.entries({ SheetID, PayType, TotalAmo, Share, Amo, Units, TipAmo }).filter(([, v]) => v !== undefined));
  };
  const started = { table1: [{ PayID: 'PAY2', SheetID: 'SH1', PayUrl: 'http://localhost/sandbox/pay/PAY2', Amount: '0', Status: 'pending' as const }] };

  test('a failed share of 2 is retried as that share, at what it comes to now that the other share is paid, tip kept', async () => {
    answer(STATUS, failed({ Amount: '90.8000', Part: 'share', ShareN: 1, ShareOf: 2, TipAmo: '5.0000', Units: [] }));
    // The other diner paid their share (85.80) since: 85.80 is left, and this share is the last one.
    answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ ...table, PaidAmo: '85.8000', RestAmo: '85.8000', SharesOf: 2, SharesTaken: 1 }, lines(0)));
    answer('Finance_PosPaySubmit_V5_Add', started);
    const leave = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Shell />, { route: PAYING, preloadedState: orderState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment did not go through.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Opening the payment page…');
    expect(leave).toHaveBeenCalledWith('http://localhost/sandbox/pay/PAY2');
    const asked = seen.filter((r) => r.op === 'Finance_PosPaySubmit_V5_Add');
    expect(asked).toHaveLength(1);
    expect(partOf(asked[0]!.json.tableData[0])).toEqual({ SheetID: 'SH1', PayType: 'sandbox', TotalAmo: '90.80', Share: { n: 1, of: 2 }, TipAmo: '5.00' });
    expect(JSON.parse(window.localStorage.getItem(INFLIGHT_PAYMENT_KEY)!)).toMatchObject({ SheetID: 'SH1', PayID: 'PAY2' });
  });

  test('a failed "rest" payment is retried for what is left now, not the whole bill', async () => {
    answer(STATUS, failed({ Amount: '171.6000', Part: 'rest', ShareN: 0, ShareOf: 0, TipAmo: '0.0000', Units: [] }));
    answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ ...table, PaidAmo: '52.8000', RestAmo: '118.8000', SharesOf: 0, SharesTaken: 0 }, lines(0)));
    answer('Finance_PosPaySubmit_V5_Add', started);
    jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Shell />, { route: PAYING, preloadedState: orderState() });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByText('Opening the payment page…');
    // No Share, Amo or Units: the rest, as the service has it now.
    expect(partOf(seen.find((r) => r.op === 'Finance_PosPaySubmit_V5_Add')!.json.tableData[0])).toEqual({ SheetID: 'SH1', PayType: 'sandbox', TotalAmo: '118.80' });
  });

  test('units another diner is now paying cannot be retried: the page says so in the diner\'s language and offers the split screen', async () => {
    answer(STATUS, failed({ Amount: '66.0000', Part: 'units', ShareN: 0, ShareOf: 0, TipAmo: '0.0000', Units: [{ LineID: 2, Qua: 2 }] }));
    // Ana is paying 2 of the 3 beers now: only one is free.
    answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ ...table, PaidAmo: '0.0000', RestAmo: '105.6000', SharesOf: 0, SharesTaken: 0 }, lines(2)));
    answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
    const user = userEvent.setup();
    renderWithProviders(<Shell />, { route: PAYING, preloadedState: orderState(), locale: 'zh-TW' });
    await user.click(await screen.findByRole('button', { name: '重新付款' }));
    expect(await screen.findByText(/這筆付款所付的部分已無法按原樣再付/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新付款' })).toBeNull();
    expect(seen.filter((r) => r.op === 'Finance_PosPaySubmit_V5_Add')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '分開付款' }));
    expect(await screen.findByRole('region', { name: '分單付款' })).toBeInTheDocument();
  });
});
