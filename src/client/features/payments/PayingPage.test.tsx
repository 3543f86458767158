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
