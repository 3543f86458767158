/**
 * The cart page at a pay-after table. Since issue 28 its cart is the table's
 * live cart (features/table, TableCart_TableCartGet_Get), not the phone's:
 * with CYSheetGoodsQuaEdit '1' the table's sheet so far (read-only) above the
 * new round; each line with who added it; the items counted.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server } from '../../test/gateway';
import { baseInfo, orderState, sheetDetail, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const CART = '/pages/postpayCart/postpayCart';
const MERGE = 'PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get';
const TABLE_CART = 'TableCart_TableCartGet_Get';

function cartLine(over: { LineID: string; GoodsID: string; GoodsName: string; MQua: string; Price: string; Amo: string; ByName: string; ByPlace: number; Mine: number }) {
  return { SkuID: '', PUnit: '', PQua: '0', Qua: over.MQua, Ref: '1', Bom: '', Attachments: '', Remark: '', Version: 1, SkuItems: '', PUnitPrice: '0', SoldOut: 0, CreatedDate: new Date().toISOString(), ...over };
}

function tableShop(entParams: Record<string, string>) {
  const sheet = { SheetID: 'TS1', Status: 0, CreatedDate: new Date().toISOString(), TableID: 'T1' };
  return shopState(
    { baseInfo: baseInfo({ BusinessMode: '2', PayMode: 'postpay' }), signSheet: sheet, tableInfo: { TableID: 'T1', TableName: 'A3' }, entParams },
    { TableID: 'T1', PosSignSheetID: 'TS1' },
  );
}

// Pages loaded through the shell with a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail({ SheetID: 'TS1', TakeType: 'dinein', DisplayState: 'ordering', CreatedDate: new Date().toISOString() }));
  answer(MERGE, {
    table1: [{ SheetID: 'TS1', TotalAmo: '116.0000', Status: 0, PayStatus: 0 }],
    table2: [
      { RoundNo: 1, GoodsName: 'Wonton Noodles', Qua: '2.0000', Amo: '116.0000', Mine: 0 },
    ],
  });
  // The table's cart: this phone's BBQ Pork Rice x2 and another diner's Milk Tea.
  answer(TABLE_CART, {
    table1: [{ TableID: 'T1', TableName: 'A3', Version: 3, SheetID: 'TS1', Count: 2, TotalAmo: '94.0000', MyPlace: 1 }],
    table2: [
      cartLine({ LineID: 'L1', GoodsID: 'G1', GoodsName: 'BBQ Pork Rice', MQua: '2.0000', Price: '38.0000', Amo: '76.0000', ByName: 'Chan Tai Man', ByPlace: 1, Mine: 1 }),
      cartLine({ LineID: 'L2', GoodsID: 'G2', GoodsName: 'Milk Tea', MQua: '1.0000', Price: '18.0000', Amo: '18.0000', ByName: '', ByPlace: 2, Mine: 0 }),
    ],
  });
  answer('TableCall_TableCallGet_Get', { table1: [] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('shows the rounds already sent, read-only, above this round', async () => {
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({ CYSheetGoodsQuaEdit: '1' }) }) });
  const soFar = await screen.findByRole('region', { name: 'Ordered so far at this table' });
  expect(within(soFar).getByText('Wonton Noodles')).toBeInTheDocument();
  expect(within(soFar).getByText('Dishes already sent to the kitchen cannot be changed here. Please ask our staff to change them.')).toBeInTheDocument();
  expect(within(soFar).queryByRole('button')).toBeNull();
  // The round's lines are the table's cart, read on its own: they may come after the rounds sent.
  expect(await screen.findByRole('heading', { name: 'This round' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'One more BBQ Pork Rice' })).toBeInTheDocument();
});

test('without the parameter the cart is only this round', async () => {
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({}) }) });
  expect(await screen.findByRole('button', { name: 'One more BBQ Pork Rice' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Ordered so far at this table' })).toBeNull();
  expect(seen.some((r) => r.op === MERGE)).toBe(false);
  expect(seen.some((r) => r.op === TABLE_CART)).toBe(true);
});

test("each of the table cart's lines says who added it", async () => {
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({}) }) });
  const lines = await screen.findByRole('list', { name: "The table's cart" });
  const [rice, tea] = within(lines).getAllByRole('listitem');
  expect(within(rice!).getByText('Added by you')).toBeInTheDocument();
  expect(within(tea!).getByText('Added by Guest 2')).toBeInTheDocument();
  expect(screen.getByTestId('cart-total')).toHaveTextContent('MOP$94.00');
});

test('the summary counts items in plain English', async () => {
  // Two lines of the table's cart: BBQ Pork Rice x2 and a Milk Tea.
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({}) }) });
  expect(await screen.findByText('3 items')).toBeInTheDocument();
  expect(screen.queryByText(/in all|lines?\b/)).toBeNull();
});
