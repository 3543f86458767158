/** The pay-after cart with CYSheetGoodsQuaEdit '1': the table's sheet so far (read-only) above the new round. */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server } from '../../test/gateway';
import { baseInfo, orderState, sheetDetail, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const CART = '/pages/postpayCart/postpayCart';
const MERGE = 'PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get';

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
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('shows the rounds already sent, read-only, above this round', async () => {
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({ CYSheetGoodsQuaEdit: '1' }) }) });
  const soFar = await screen.findByRole('region', { name: 'Ordered so far at this table' });
  expect(within(soFar).getByText('Wonton Noodles')).toBeInTheDocument();
  expect(within(soFar).getByText('Dishes already sent to the kitchen cannot be changed here. Please ask our staff to change them.')).toBeInTheDocument();
  expect(within(soFar).queryByRole('button')).toBeNull();
  expect(screen.getByRole('heading', { name: 'This round' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'One more BBQ Pork Rice' })).toBeInTheDocument();
});

test('without the parameter the cart is only this round', async () => {
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({}) }) });
  expect(await screen.findByRole('button', { name: 'One more BBQ Pork Rice' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Ordered so far at this table' })).toBeNull();
  expect(seen.some((r) => r.op === MERGE)).toBe(false);
});

test('the summary counts items in plain English', async () => {
  // Two lines: BBQ Pork Rice x2 and a Milk Tea.
  renderWithProviders(<Shell />, { route: CART, preloadedState: orderState({ mode: '2', shop: tableShop({}) }) });
  expect(await screen.findByText('3 items')).toBeInTheDocument();
  expect(screen.queryByText(/in all|lines?\b/)).toBeNull();
});
