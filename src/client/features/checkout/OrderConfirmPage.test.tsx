/**
 * The confirm page through the UI, a real store and the MSW gateway: each
 * required field's message, the privacy agreement, the payment method, the
 * minimum delivery amount; the submit as the wire contract has it; one
 * LocalSheetID per order across a network failure and a double tap; a
 * refusal of the figures that keeps the cart; a table's pay-after round.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, makeRefuse, resetGateway, seen, server } from '../../test/gateway';
import { guest, orderState, PAY_METHODS, sheetDetail, shopState, baseInfo } from '../../test/orderFixtures';
import { memoryStorage, renderWithProviders } from '../../test/render';
import { browser } from '../../ui/redirect';
import { INFLIGHT_PAYMENT_KEY } from '../payments';
import { couponChosen, orderPlaced } from './checkoutSlice';
import type { Coupon } from './totals';

const COUPON = {
  CardID: 'C1',
  CardCode: 'HK-10',
  names: { zh: '满减券', tw: '滿減券', en: 'MOP$10 off' },
  type: 1,
  faceValue: '10.0000',
  minAmount: '50.0000',
  beginTime: '2026-01-01T00:00:00Z',
  endTime: '2099-01-01T00:00:00Z',
  status: 0,
  usable: true,
  reason: '',
} as Coupon;

// Forms filled key by key through a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);

const CONFIRM = '/pages/prepayOrderConfirm/prepayOrderConfirm';
const SUBMIT = 'PosSalSheet_NewCYSendSheetSubmit_Add';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const HERE = { longitude: 113.5586, latitude: 22.1565 };

beforeEach(() => {
  // The phone knows where it is (delivery needs the position).
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: HERE } as GeolocationPosition) },
  });
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('FreightRule_FreightRuleGet_Get', { table1: [{ Fee: '8.0000', MinAmount: '50.0000', RangeKm: '5.0000', FreeAbove: '200.0000' }] });
});
afterEach(() => {
  resetGateway();
  window.sessionStorage.clear();
  window.localStorage.clear();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const placed = (over: Record<string, unknown> = {}) => ({
  table1: [
    { SheetID: 'SH1', LocalSheetID: '', RoundNo: 1, Status: 0, PayStatus: 0, TotalAmo: '116.0000', RoundAmo: '116.0000', CreatedDate: '2026-11-22T04:00:00Z', ...over },
  ],
});

function answerBalancePayment() {
  answer(SUBMIT, placed());
  answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', { table1: [{ SheetID: 'SH1', PayID: 'P1', PayAmo: '116.0000', Balance: '384.0000', Score: 116, Status: 1, PayStatus: 2 }] });
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
}

const submits = () => seen.filter((r) => r.op === SUBMIT);

async function fillPickup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Pickup' }));
  await user.type(screen.getByLabelText('Recipient'), 'Chan Tai Man');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(await screen.findByRole('radio', { name: 'Member balance' }));
}

async function placeAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Place this order?' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

test('a guest’s delivery without contact, address, agreement or payment method shows each message at its field and sends nothing', async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ who: guest }) });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  expect(await screen.findByText(/Delivery fee MOP\$8\.00/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  expect(alerts()).toEqual([
    'Please fill in your contact and mobile phone number',
    'Please complete the shipping information',
    'Please choose a payment method',
    'Please read and agree to the privacy policy and terms of use',
  ]);
  expect(screen.getByLabelText('Recipient')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('House number (floor and flat)')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByRole('alertdialog')).toBeNull();

  // Each message goes once its field is filled in.
  await user.type(screen.getByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  expect(alerts()).not.toContain('Please fill in your contact and mobile phone number');
  await user.type(screen.getByLabelText('Region / district'), 'Taipa');
  await user.type(screen.getByLabelText('Detailed address (street and building)'), 'Rua de Bragança 12');
  await user.type(screen.getByLabelText('House number (floor and flat)'), '3/F A');
  expect(alerts()).toEqual(['Please choose a payment method', 'Please read and agree to the privacy policy and terms of use']);
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(screen.getByRole('radio', { name: 'Online payment' }));
  expect(alerts()).toEqual([]);
  expect(submits()).toHaveLength(0);
  expect(screen.getByText('Your location is set for the delivery.')).toBeInTheDocument();

  // Then it goes, with the address, the position and the delivery fee.
  answer(SUBMIT, placed({ TotalAmo: '124.0000' }));
  answer('Finance_PosPaySubmit_V5_Add', { table1: [{ PayID: 'PAY1', SheetID: 'SH1', PayUrl: 'http://localhost/sandbox/pay/PAY1', Amount: '124.0000', Status: 'pending' }] });
  const assign = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
  await placeAndConfirm(user);
  await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/PAY1'));
  expect(submits()[0]!.json.tableData[0]).toMatchObject({
    TakeType: 'delivery',
    BusinessMode: '1',
    CustName: 'Chan',
    CustPhone: '66123456',
    CustDistrict: 'Taipa',
    CustMainAddress: 'Rua de Bragança 12',
    CustHouseNumber: '3/F A',
    GPS_Lng: HERE.longitude,
    GPS_Lat: HERE.latitude,
    FeeAmo: '8.00',
    BagAmo: '2.00',
    TotalAmo: '124.00',
  });
});

test('without the phone’s position a delivery cannot be placed', async () => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'denied' } as GeolocationPositionError) },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ who: guest }) });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  expect(await screen.findByText('We need your location to deliver. Allow this page to use your location, then try again.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  await user.type(screen.getByLabelText('Region / district'), 'Taipa');
  await user.type(screen.getByLabelText('Detailed address (street and building)'), 'Rua de Bragança 12');
  await user.type(screen.getByLabelText('House number (floor and flat)'), '3/F A');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(await screen.findByRole('radio', { name: 'Online payment' }));
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  expect(alerts()).toEqual(['Please complete the shipping information']);
  expect(submits()).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Use my current location' })).toBeInTheDocument();
});

test('a delivery under the minimum amount shows the shortfall and cannot be placed', async () => {
  answer('FreightRule_FreightRuleGet_Get', { table1: [{ Fee: '8.0000', MinAmount: '150.0000', RangeKm: '5.0000', FreeAbove: '300.0000' }] });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ who: guest }) });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  const shortfall = await screen.findByText('Add MOP$36.00 more for delivery');
  expect(shortfall).not.toHaveAttribute('role');
  expect(screen.getByText('Minimum order for delivery: MOP$150.00')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  await user.type(screen.getByLabelText('Region / district'), 'Taipa');
  await user.type(screen.getByLabelText('Detailed address (street and building)'), 'Rua de Bragança 12');
  await user.type(screen.getByLabelText('House number (floor and flat)'), '3/F A');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(screen.getByRole('radio', { name: 'Online payment' }));
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  expect(alerts()).toEqual(['Add MOP$36.00 more for delivery']);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(submits()).toHaveLength(0);
  // Delivery fee 8.00 and 2 bags: 114.00 + 8.00 + 2.00.
  expect(screen.getByTestId('order-total')).toHaveTextContent('MOP$124.00');
});

test('placing a pickup order sends the lines and figures, pays with the balance and lands on the result', async () => {
  answerBalancePayment();
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await fillPickup(user);
  expect(screen.getByRole('note')).toHaveTextContent('Plastic bags cost MOP 1 each.');
  expect(screen.getByTestId('order-total')).toHaveTextContent('MOP$116.00');
  await placeAndConfirm(user);

  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  expect(screen.getByText('Order number SH1')).toBeInTheDocument();
  expect(await screen.findByText('Total MOP$116.00')).toBeInTheDocument();
  const [submit] = submits();
  expect(submits()).toHaveLength(1);
  expect(submit!.json.tableData[0]).toMatchObject({
    ShopID: 'S1',
    BaseID: 'B1',
    TableID: '',
    SheetID: '',
    BusinessMode: '1',
    TakeType: 'pickup',
    TakeTime: '',
    CustName: 'Chan Tai Man',
    CustPhone: '66123456',
    CustDistrict: '',
    Remark: '',
    CardCode: '',
    Count: 2,
    Qua: 3,
    SalesAmo: '114.00',
    DisAmo: '0.00',
    FeeAmo: '0.00',
    BagAmo: '2.00',
    CouponAmo: '0.00',
    TotalAmo: '116.00',
    PosType: 7,
    PayMode: 'prepay',
    LocalSheetID: expect.stringMatching(/^\d{17}\d{6}$/),
  });
  expect(submit!.json.Item1).toEqual([
    { ItemID: 1, GoodsID: 'G1', SkuID: '', PUnit: '', Qua: 2, PQua: 0, MQua: 2, Ref: '1', Price: '48.00', PUnitPrice: '0', SalesPrice: '48.00', Amo: '96.00', DisAmo: '0.00', SalType: '0', Bom: '[]', Attachments: '[]', Remarks: '' },
    { ItemID: 2, GoodsID: 'G2', SkuID: '', PUnit: '', Qua: 1, PQua: 0, MQua: 1, Ref: '1', Price: '18.00', PUnitPrice: '0', SalesPrice: '18.00', Amo: '18.00', DisAmo: '0.00', SalType: '0', Bom: '[]', Attachments: '[]', Remarks: 'less ice' },
  ]);
  const pay = seen.find((r) => r.op === 'PosSalSheet_PosSalSheetAcctSubmit_V9_Add')!;
  expect(pay.json.tableData[0]).toMatchObject({ SheetID: 'SH1', PayAmo: '116.0000' });
  expect(store.getState().cart.entries).toEqual([]);
  expect(window.sessionStorage.getItem('checkout.localSheetIds')).toBeNull();
});

test('a plain browser signs in as a guest before the order goes, and a guest may not pay with the balance', async () => {
  answer('EntVip_EntVipGuestLogin_Add', { table1: [{ VipID: 'VIPG', VipName: 'walk-in guest', IsGuest: 1 }] });
  answer(SUBMIT, placed());
  answer('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', { table1: [{ SheetID: 'SH1', IsPayLater: 1 }] });
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ IsPayLater: 1, DisplayState: 'preparing' }));
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ who: null }) });
  await user.type(await screen.findByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(await screen.findByRole('radio', { name: 'Member balance' }));
  const prompt = await screen.findByRole('alertdialog', { name: 'Operation not allowed without logging-in.' });
  await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('radio', { name: 'Member balance' })).not.toBeChecked();
  await user.click(screen.getByRole('radio', { name: 'Pay on delivery' }));
  await placeAndConfirm(user);
  expect(await screen.findByRole('heading', { name: 'Order placed: pay on delivery or at the counter' })).toBeInTheDocument();
  expect(seen.map((r) => r.op).filter((op) => op === 'EntVip_EntVipGuestLogin_Add' || op === SUBMIT)).toEqual(['EntVip_EntVipGuestLogin_Add', SUBMIT]);
});

test('after a network failure the retry sends the same LocalSheetID', async () => {
  answerBalancePayment();
  let calls = 0;
  answer(SUBMIT, () => (++calls === 1 ? 'network-error' : placed()));
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await fillPickup(user);
  await placeAndConfirm(user);
  await waitFor(() => expect(store.getState().ui.toasts.map((t) => ('message' in t.content ? t.content.message.id : ''))).toContain('transport.networkError'));
  // The cart is still there and the button can be used again.
  expect(store.getState().cart.entries).toHaveLength(2);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
  await placeAndConfirm(user);
  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  const ids = submits().map((r) => r.json.tableData[0]!.LocalSheetID);
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
});

test('a double tap on place order sends one submit', async () => {
  answerBalancePayment();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await fillPickup(user);
  await user.dblClick(screen.getByRole('button', { name: 'Place order' }));
  const dialogs = await screen.findAllByRole('alertdialog');
  expect(dialogs).toHaveLength(1);
  await user.dblClick(within(dialogs[0]!).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  expect(submits()).toHaveLength(1);
});

test('a refusal of the figures (50010) keeps the cart, shows the message and reads the prices again', async () => {
  makeRefuse(SUBMIT, '50010', 'The prices have changed: BBQ Pork Rice is now MOP$50.00. Please check your order.');
  answer('EShop_GoodsDetailGet_V2_Get', (req) => {
    const id = String(req.json.tableData[0]!.GoodsID);
    return {
      table1: [{ GoodsID: id, GoodsName: id, SalesPrice: id === 'G1' ? '50.0000' : '18.0000', Price: '0', PromotePrice: '' }],
      table2: [],
      table3: [],
    };
  });
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await fillPickup(user);
  await placeAndConfirm(user);
  expect(await screen.findByText('The prices have changed: BBQ Pork Rice is now MOP$50.00. Please check your order.')).toHaveAttribute('role', 'alert');
  expect(await screen.findByText('The prices have been updated. Please check the order and place it again.')).toBeInTheDocument();
  expect(store.getState().cart.entries).toHaveLength(2);
  // 2 x 50.00 + 18.00 + 2 bags.
  await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('MOP$120.00'));
  expect(seen.some((r) => r.op === 'PosSalSheet_PosSalSheetAcctSubmit_V9_Add')).toBe(false);
  expect(screen.getByRole('heading', { name: 'Confirm order' })).toBeInTheDocument();
});

test("a table's pay-after round goes onto the table's sheet and lands on its details", async () => {
  const sheet = { SheetID: 'TS1', Status: 0, CreatedDate: new Date().toISOString(), TableID: 'T1' };
  const shop = shopState(
    { baseInfo: baseInfo({ BusinessMode: '2', PayMode: 'postpay' }), signSheet: sheet, tableInfo: { TableID: 'T1', TableName: 'A3' } },
    { TableID: 'T1', PosSignSheetID: 'TS1' },
  );
  answer(SUBMIT, placed({ SheetID: 'TS1', RoundNo: 2, TotalAmo: '230.0000', RoundAmo: '114.0000' }));
  answer(
    'PosSalSheet_PosSalSheetDetailGet_V2_Get',
    sheetDetail({ SheetID: 'TS1', TakeType: 'dinein', BusinessMode: '2', PayMode: 'postpay', DisplayState: 'ordering', TableID: 'T1', TotalAmo: '230.0000', CreatedDate: sheet.CreatedDate }),
  );
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: '/pages/postpayOrderConfirm/postpayOrderConfirm', preloadedState: orderState({ mode: '2', shop }) });
  expect(await screen.findByText('Table A3')).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'Pickup' })).toBeNull();
  expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await placeAndConfirm(user);
  expect(await screen.findByRole('heading', { name: 'Ordering' })).toBeInTheDocument();
  expect(submits()[0]!.json.tableData[0]).toMatchObject({
    SheetID: 'TS1',
    TableID: 'T1',
    BusinessMode: '2',
    TakeType: 'dinein',
    PayMode: 'postpay',
    PosType: 4,
    BagAmo: '0.00',
    TotalAmo: '114.00',
  });
  expect(store.getState().cart.entries).toEqual([]);
  expect(screen.getByRole('button', { name: 'Settle the bill' })).toBeInTheDocument();
});

test('online payment: the order is placed, the payment remembered, and the browser goes to the provider', async () => {
  answer(SUBMIT, placed());
  answer('Finance_PosPaySubmit_V5_Add', { table1: [{ PayID: 'PAY1', SheetID: 'SH1', PayUrl: 'http://localhost/sandbox/pay/PAY1', Amount: '116.0000', Status: 'pending' }] });
  const assign = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.type(await screen.findByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  await user.selectOptions(screen.getByLabelText('Pickup time'), screen.getAllByRole('option')[0]!);
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(await screen.findByRole('radio', { name: 'Online payment' }));
  await placeAndConfirm(user);
  await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/PAY1'));
  expect(seen.find((r) => r.op === 'Finance_PosPaySubmit_V5_Add')!.json.tableData[0]).toMatchObject({ SheetID: 'SH1', PayType: 'sandbox', TotalAmo: '116.0000' });
  expect(JSON.parse(window.localStorage.getItem(INFLIGHT_PAYMENT_KEY)!)).toMatchObject({ SheetID: 'SH1', PayID: 'PAY1' });
  expect(store.getState().cart.entries).toEqual([]);
});

test('the terms page ticks the agreement and goes back', async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('link', { name: 'Read the privacy policy and terms of use' }));
  expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'I have read and agree' }));
  expect(await screen.findByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })).toBeChecked();
  expect(store.getState().checkout.termsAgreed).toBe(true);
});

test('a reload mid-checkout keeps delivery, the coupon, the remark and the payment method; placing the order clears them (issue 23 item 3)', async () => {
  const storage = memoryStorage();
  const user = userEvent.setup({ delay: null });
  const first = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState(), storage });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  await user.type(screen.getByLabelText('Remark'), 'ring twice');
  await user.click(await screen.findByRole('radio', { name: 'Online payment' }));
  act(() => void first.store.dispatch(couponChosen(COUPON)));
  expect(await screen.findByText(/MOP\$10 off/)).toBeInTheDocument();
  // The page goes away (a reload): what was chosen is written at once.
  window.dispatchEvent(new Event('pagehide'));
  first.unmount();

  const again = renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState(), storage });
  expect(await screen.findByRole('radio', { name: 'Delivery' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Pickup' })).not.toBeChecked();
  expect(screen.getByLabelText('Remark')).toHaveValue('ring twice');
  expect(await screen.findByRole('radio', { name: 'Online payment' })).toBeChecked();
  expect(screen.getByText(/MOP\$10 off/)).toBeInTheDocument();

  // Placed: the choices go, in storage too.
  act(() => void again.store.dispatch(orderPlaced()));
  window.dispatchEvent(new Event('pagehide'));
  const kept = JSON.parse(storage.data.get('persist:checkout')!) as Record<string, string>;
  expect(JSON.parse(kept.draft!)).toMatchObject({ takeType: '', remark: '', payType: '' });
  expect(kept.coupon).toBe('null');
});
