/** orderDetails through the UI: the order, cancel with confirmation, and settling a table's sheet. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, makeRefuse, resetGateway, seen, server } from '../../test/gateway';
import { orderState, PAY_METHODS, sheetDetail } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const DETAILS = '/pages/orderDetails/orderDetails?SheetID=SH1';
const DETAIL = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';
const CLOSE = 'PosSalSheet_PosSalSheetCloseSubmit_V5_Add';

// Pages loaded through the shell with a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('shows the order: state, items, amounts', async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid', CouponAmo: '20.0000', TotalAmo: '96.0000', Remark: 'no chilli' }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  expect(screen.getByText('Order number SH1')).toBeInTheDocument();
  expect(screen.getByText('BBQ Pork Rice')).toBeInTheDocument();
  expect(screen.getByText('−MOP$20.00')).toBeInTheDocument();
  expect(screen.getByText('Total').closest('.amount-row')).toHaveTextContent('MOP$96.00');
  expect(screen.getByText('Remark: no chilli')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay MOP$96.00' })).toBeNull();
  // The service cancels a paid order nobody has started on by refunding it: the button says so.
  expect(screen.getByRole('button', { name: 'Cancel order and refund' })).toBeInTheDocument();
});

test("a pickup order shows its pickup number large; a service that does not send one shows none", async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, Progress: 'ready', DisplayState: 'ready', PickupNo: '023' }));
  const { unmount } = renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Ready' })).toBeInTheDocument();
  const number = screen.getByText('023');
  expect(number.closest('p')).toHaveTextContent('Your pickup number 023');
  expect(number).toHaveStyle({ fontSize: '56px' });
  unmount();
  resetGateway();
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  expect(screen.queryByText('Your pickup number')).toBeNull();
});

test('a ready order says it is ready, and says why it can no longer be cancelled', async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, Progress: 'ready', DisplayState: 'ready' }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Ready' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  expect(screen.getByText(/The kitchen has started on this order, so it can no longer be cancelled/)).toBeInTheDocument();
});

test('only what the service would accept is offered', async () => {
  // A payment under way: the service refuses a cancel.
  answer(DETAIL, sheetDetail({ PayStatus: 1 }));
  const { unmount } = renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByText(/A payment for this order is in progress, so it cannot be cancelled now/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  unmount();
  resetGateway();
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  // Someone else's order (the service names the member only to its own member).
  answer(DETAIL, sheetDetail({ VipID: undefined }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByText('Only the customer who placed this order can cancel it.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
});

test('a cancelled order offers nothing more', async () => {
  answer(DETAIL, sheetDetail({ Status: 2, DisplayState: 'cancelled' }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Cancelled' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  expect(screen.queryByRole('note')).toBeNull();
  expect(document.querySelector('.order-details .note')).toBeNull();
});

test('cancel asks first; confirmed, the order is closed and read again', async () => {
  let cancelled = false;
  answer(DETAIL, () => (cancelled ? sheetDetail({ Status: 2, DisplayState: 'cancelled' }) : sheetDetail()));
  answer(CLOSE, () => {
    cancelled = true;
    return { table1: [{ SheetID: 'SH1', Status: 2, PayStatus: 0, RefundAmo: '0.0000', RefundTo: '' }] };
  });
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel order' }));
  let dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
  // The buttons say what each does (issue 23).
  await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(seen.some((r) => r.op === CLOSE)).toBe(false);

  await user.click(screen.getByRole('button', { name: 'Cancel order' }));
  dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
  expect(await screen.findByRole('heading', { name: 'Cancelled' })).toBeInTheDocument();
  expect(seen.filter((r) => r.op === CLOSE).map((r) => r.json.tableData[0]!.SheetID)).toEqual(['SH1']);
  expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
});

test('a refused cancel shows the service message and keeps the order', async () => {
  answer(DETAIL, sheetDetail());
  makeRefuse(CLOSE, '50000', 'The kitchen has started on this order.');
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel the order' }));
  expect(await screen.findByText('The kitchen has started on this order.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();
});

test("settling a table's sheet: every round, then the refusal 'Please call our staff to checkout'", async () => {
  answer(DETAIL, sheetDetail({ TakeType: 'dinein', BusinessMode: '2', PayMode: 'postpay', DisplayState: 'ordering', TableID: 'T1', TotalAmo: '230.0000' }, [
    { RoundNo: 1, GoodsName: 'BBQ Pork Rice', Qua: '2.0000', Amo: '96.0000' },
    { RoundNo: 2, GoodsName: 'Milk Tea', Qua: '1.0000', Amo: '18.0000' },
  ]));
  answer('PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', {
    table1: [{ SheetID: 'SH1', TotalAmo: '230.0000', Status: 0, PayStatus: 0 }],
    table2: [
      { RoundNo: 1, GoodsName: 'BBQ Pork Rice', Qua: '2.0000', Amo: '96.0000', Mine: 1 },
      { RoundNo: 2, GoodsName: 'Wonton Noodles', Qua: '2.0000', Amo: '116.0000', Mine: 0 },
      { RoundNo: 2, GoodsName: 'Milk Tea', Qua: '1.0000', Amo: '18.0000', Mine: 1 },
    ],
  });
  makeRefuse('PosSalSheet_CYSettleSheetSubmit_V2_Add', '50000', 'Please call our staff to checkout');
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Round 2' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Settle the bill' }));
  expect(await screen.findByText('Wonton Noodles')).toBeInTheDocument();
  expect(screen.getAllByText('Yours')).toHaveLength(2);
  await user.click(await screen.findByRole('radio', { name: 'Online payment' }));
  await user.click(screen.getByRole('button', { name: 'Settle and pay MOP$230.00' }));
  expect(await screen.findByText('Please call our staff to checkout')).toHaveAttribute('role', 'alert');
  expect(seen.find((r) => r.op === 'PosSalSheet_CYSettleSheetSubmit_V2_Add')!.json.tableData[0]).toMatchObject({ SheetID: 'SH1', TotalAmo: '230.0000' });
  expect(seen.some((r) => r.op === 'Finance_PosPaySubmit_V5_Add')).toBe(false);
});
