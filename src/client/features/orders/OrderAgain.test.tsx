/** "Order again" through the UI (issue 29): two taps from the order list to the cart, re-priced and unavailable lines said. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import type { RootState } from '../../app/store';
import { answer, refusal, resetGateway, seen, server } from '../../test/gateway';
import { baseInfo, ENT_ID, orderState, PAY_METHODS, sheetDetail, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const LIST_OP = 'PosSalSheet_PosSalSheetListByPage_V4_Get';
const DETAIL = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';

jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer(LIST_OP, {
    table1: [
      { SheetID: 'SH1', CreatedDate: '2026-11-22T04:00:00Z', ShopName: 'Harbour Kitchen', BaseName: 'Main outlet', FirstGoodsName: 'BBQ Pork Rice', BusinessMode: '1', TakeType: 'pickup', Status: 1, PayStatus: 2, Progress: 'completed', IsPayLater: 0, DisplayState: 'completed', TotalAmo: '125.0000', Count: 5, Pic: '' },
    ],
    table2: [{ TotalCount: 1 }],
  });
  answer(
    DETAIL,
    sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'completed', Progress: 'completed' }, [
      { RoundNo: 1, GoodsID: 'G1', SkuID: '', GoodsName: 'BBQ Pork Rice', SkuItems: '', PUnit: '', Qua: '2.0000', MQua: '2.0000', PQua: '0.0000', Price: '48.0000', Amo: '96.0000', Detail: JSON.stringify({ remarkList: ['no chilli'] }) },
      { RoundNo: 1, GoodsID: 'G2', SkuID: '', GoodsName: 'Milk Tea', SkuItems: '', PUnit: '', Qua: '1.0000', MQua: '1.0000', PQua: '0.0000', Price: '18.0000', Amo: '18.0000', Detail: '' },
      { RoundNo: 1, GoodsID: 'G3', SkuID: '', GoodsName: 'Coke', SkuItems: '', PUnit: '', Qua: '1.0000', MQua: '1.0000', PQua: '0.0000', Price: '10.0000', Amo: '10.0000', Detail: '' },
      { RoundNo: 1, GoodsID: 'G4', SkuID: '', GoodsName: 'Roast Goose Rice', SkuItems: '', PUnit: '', Qua: '1.0000', MQua: '1.0000', PQua: '0.0000', Price: '58.0000', Amo: '58.0000', Detail: '' },
    ]),
  );
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Rice', GoodsCount: 3, BusinessMode: '0' }] });
  const row = (GoodsID: string, GoodsName: string, SalesPrice: string) => ({ GoodsID, GoodsName, ClassID: 'C1', GoodsTypeID: '0', Skus: '0', Unit: 'plate', Price: SalesPrice, SalesPrice, PromotePrice: '', SoldOut: 0 as const, PUnitCount: 0, HasBom: 0 as const, HasCharging: 0 as const, BagCount: 0 });
  // Today: the milk tea costs 20, the coke is sold out (the stock poll says so), the goose is no longer sold here.
  answer('HBBPos_GoodsClass_GoodsList_V9_Get', { table1: [row('G1', 'BBQ Pork Rice', '48.0000'), row('G2', 'Milk Tea', '20.0000'), row('G3', 'Coke', '10.0000')], table2: [{ TotalCount: 3 }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [{ GoodsID: 'G3', SkuID: '', SoldOut: 1 }] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

function emptyCart(): Partial<RootState> {
  const state = orderState({ mode: '1' });
  return { ...state, cart: { entId: ENT_ID, cartVersion: 3, businessMode: '1', entries: [], temp: [] } as unknown as RootState['cart'] };
}

test('two taps from the order list to the cart: the lines at today\'s prices, the changed price noted, the sold-out and withdrawn goods listed', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/orderList/orderList', preloadedState: emptyCart() });
  await user.click(await screen.findByRole('button', { name: /^Order again: Main outlet, / }));

  const dialog = await screen.findByRole('dialog', { name: 'Order again' });
  expect(within(dialog).getByRole('status')).toHaveTextContent("2 items were added to your cart at today's prices.");
  const repriced = within(dialog).getByRole('region', { name: 'Prices changed since this order' });
  expect(within(repriced).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Milk Tea: now MOP$20.00, was MOP$18.00']);
  const missing = within(dialog).getByRole('region', { name: 'Not added' });
  expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Coke: sold out', 'Roast Goose Rice: no longer on the menu here']);

  // Through the menu's add: in the cart of the way the customer orders, at today's prices, with the remark.
  const entries = store.getState().cart.entries;
  expect(entries.map((e) => [e.goodsDetails.GoodsID, e.businessMode, e.list.map((l) => [l.Price, l.mQua, l.remarkList])])).toEqual([
    ['G2', '1', [['20.00', 1, []]]],
    ['G1', '1', [['48.00', 2, ['no chilli']]]],
  ]);
  // Today's menu was read for the current outlet.
  expect(seen.find((r) => r.op === 'HBBPos_GoodsClass_GoodsList_V9_Get')?.json.tableData[0]).toMatchObject({ ShopID: 'S1', BaseID: 'B1', ClassID: '' });

  await user.click(within(dialog).getByRole('link', { name: 'View cart' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
});

test("on the order's page, in traditional Chinese; nothing orderable says so and offers no cart", async () => {
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [{ GoodsID: 'G1', SkuID: '', SoldOut: 1 }, { GoodsID: 'G2', SkuID: '', SoldOut: 1 }, { GoodsID: 'G3', SkuID: '', SoldOut: 1 }] });
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/orderDetails/orderDetails?SheetID=SH1', preloadedState: emptyCart(), locale: 'zh-TW' });
  await user.click(await screen.findByRole('button', { name: '再來一單' }));
  const dialog = await screen.findByRole('dialog', { name: '再來一單' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('沒有商品可以加入購物車。');
  expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['BBQ Pork Rice：已售罄', 'Milk Tea：已售罄', 'Coke：已售罄', 'Roast Goose Rice：本店已不再供應']);
  expect(within(dialog).queryByRole('link', { name: '查看購物車' })).toBeNull();
  expect(store.getState().cart.entries).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: '關閉' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("at a pay-after table the lines go to the table's cart on the service, one call each in the order's order; a line it refuses is listed, the phone's cart untouched", async () => {
  answer('TableCart_TableCartLineSet_Update', (req) =>
    req.json.tableData[0]?.GoodsID === 'G2'
      ? refusal('40901', 'The table has just been closed')
      : { table1: [{ LineID: `L-${String(req.json.tableData[0]?.GoodsID)}`, Version: 1, CartVersion: 1, Removed: 0 }] },
  );
  const state = emptyCart();
  const atTable = { ...state, shop: shopState({ baseInfo: baseInfo({ PayMode: 'postpay', BusinessMode: '2' }) }, { TableID: 'T1', BusinessMode: '2' }), cart: { ...state.cart!, businessMode: '2' } };
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/orderList/orderList', preloadedState: atTable });
  await user.click(await screen.findByRole('button', { name: /^Order again: Main outlet, / }));

  const dialog = await screen.findByRole('dialog', { name: 'Order again' });
  expect(within(dialog).getByRole('status')).toHaveTextContent("1 item was added to your cart at today's prices.");
  const missing = within(dialog).getByRole('region', { name: 'Not added' });
  expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    "Milk Tea: the table's cart did not take it, please add it from the menu",
    'Coke: sold out',
    'Roast Goose Rice: no longer on the menu here',
  ]);
  // Each added line was sent to the table's cart, waited for before the sheet opened; none went to the phone's own cart.
  const sent = seen.filter((r) => r.op === 'TableCart_TableCartLineSet_Update').map((r) => r.json.tableData[0]);
  expect(sent).toEqual([
    expect.objectContaining({ TableID: 'T1', GoodsID: 'G1', MQua: 2, Remark: 'no chilli' }),
    expect.objectContaining({ TableID: 'T1', GoodsID: 'G2', MQua: 1, Remark: '' }),
  ]);
  expect(store.getState().cart.entries).toEqual([]);
  await user.click(within(dialog).getByRole('link', { name: 'View cart' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
});
