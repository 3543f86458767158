/**
 * Issue 23: after a table's bill is paid, "Back to the menu" leads to a menu
 * that starts a new order (not to 'This order has been paid and cannot be
 * changed' until the code is scanned again); and orderEntry, for a table whose
 * sheet is over, offers to start a new one.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server } from '../../test/gateway';
import { baseInfo, orderState, PAY_METHODS, sheetDetail, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // The table's sheet, settled and paid: checked out (3).
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ Status: 3, PayStatus: 2, TakeType: 'dinein', BusinessMode: '2', PayMode: 'postpay', TableID: 'T1', DisplayState: 'checkedOut' }));
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Signature Rice', GoodsCount: 1, BusinessMode: '0' }] });
  answer('HBBPos_GoodsClass_GoodsList_V9_Get', { table1: [], table2: [{ TotalCount: 0 }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

/** At table A01 of a pay-after outlet, ordering onto its sheet SH1. */
const atTable = () =>
  orderState({
    mode: '2',
    shop: shopState(
      {
        baseInfo: baseInfo({ PayMode: 'postpay', BusinessMode: '2' }),
        tableInfo: { TableID: 'T1', TableName: 'A01' },
        signSheet: { SheetID: 'SH1', Status: 0, CreatedDate: new Date().toISOString(), TableID: 'T1' },
      },
      { TableID: 'T1', PosSignSheetID: 'SH1' },
    ),
  });

test("a table's bill settled with the balance: 'Back to the menu' opens a menu that starts a new order", async () => {
  // The table's sheet while it is being settled: open, then (once paid) checked out.
  let paid = false;
  const open = { TakeType: 'dinein', BusinessMode: '2', PayMode: 'postpay', TableID: 'T1', DisplayState: 'ordering' } as const;
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', () =>
    sheetDetail(paid ? { ...open, Status: 3, PayStatus: 2, DisplayState: 'checkedOut' } : open),
  );
  answer('PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get', {
    table1: [{ SheetID: 'SH1', TotalAmo: '116.0000', Status: 0, PayStatus: 0 }],
    table2: [{ RoundNo: 1, GoodsName: 'BBQ Pork Rice', Qua: '2.0000', Amo: '96.0000', Mine: 1 }],
  });
  answer('PosSalSheet_CYSettleSheetSubmit_V2_Add', { table1: [{ SheetID: 'SH1', TotalAmo: '116.0000', PayStatus: 0, Settling: 1 }] });
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', () => {
    paid = true;
    return { table1: [{ SheetID: 'SH1', PayID: 'P1', PayAmo: '116.0000', Balance: '384.0000', Score: 116, Status: 3, PayStatus: 2 }] };
  });
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [{ VipID: 'VIP1', VipName: 'Chan Tai Man', Balance: '384.0000', Score: '0.0000', IsGuest: 0 }] });
  answer('EntCard_VipCardList_Get', { table1: [], table2: [{ TotalCount: 0 }] });
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/orderDetails/orderDetails?SheetID=SH1', preloadedState: atTable() });
  await user.click(await screen.findByRole('button', { name: 'Settle the bill' }));
  await user.click(await screen.findByRole('radio', { name: 'Member balance' }));
  await user.click(screen.getByRole('button', { name: 'Settle and pay MOP$116.00' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  // The bill is paid: the next order at this table is a new sheet, not the paid one.
  expect(store.getState().shop.signSheet).toBeNull();
  expect(store.getState().shop.params.PosSignSheetID).toBe('');

  await user.click(screen.getByRole('link', { name: 'Back to the menu' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Order food' })).toBeInTheDocument();
  // The menu stays: no 'This order has been paid' (the guard would have read the paid sheet again).
  await new Promise((r) => setTimeout(r, 300));
  expect(screen.queryByText('This order has been paid and cannot be changed.')).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Order food' })).toBeInTheDocument();
});

test('orderEntry for a table whose sheet is paid offers a new order', async () => {
  const user = userEvent.setup();
  const state = atTable();
  state.shop!.signSheet = { SheetID: 'SH1', Status: 3, CreatedDate: new Date().toISOString(), TableID: 'T1' };
  const { store } = renderWithProviders(<Shell />, { route: '/pages/orderEntry/orderEntry?reason=sheetPaid', preloadedState: state });
  expect(await screen.findByRole('alert')).toHaveTextContent('This order has been paid and cannot be changed.');
  await user.click(screen.getByRole('button', { name: 'Start a new order' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Order food' })).toBeInTheDocument();
  expect(store.getState().shop.signSheet).toBeNull();
});

test('away from a table (a pickup order paid) there is no new order to start from orderEntry', async () => {
  renderWithProviders(<Shell />, { route: '/pages/orderEntry/orderEntry?reason=sheetPaid', preloadedState: orderState() });
  expect(await screen.findByRole('alert')).toHaveTextContent('This order has been paid and cannot be changed.');
  expect(screen.queryByRole('button', { name: 'Start a new order' })).toBeNull();
  expect(screen.getByRole('link', { name: 'View my orders' })).toBeInTheDocument();
});
