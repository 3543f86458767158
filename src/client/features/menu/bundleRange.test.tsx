/**
 * Issue 27: a bundle group chooses from its fewest to its most parts (the
 * service's SelectMin and SelectQua). The chooser says "choose 1 to 3", asks
 * for the bundle's parts at the order's outlet (BaseID: the parts switched off
 * there are left out by the service), refuses to add with fewer than the
 * fewest, and stops at the most. A group without SelectMin (an older answer)
 * reads as its SelectType said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const COMBO: StandInRow<typeof LIST, 'table1'> = {
  GoodsID: 'COMBO',
  GoodsCode: '300',
  GoodsName: 'Snack Combo',
  ClassID: 'C1',
  GoodsTypeID: '3',
  Skus: '0',
  Unit: 'set',
  Price: '50.0000',
  SalesPrice: '50.0000',
  PromotePrice: '',
  PromotePlanID: '',
  Pic: 'goods/g.svg',
  SoldOut: 0,
  PUnitCount: 0,
  HasBom: 1,
  HasCharging: 0,
  BagCount: 0,
};
const part = (GoodsID: string, GoodsName: string, BOMClassID = 'SIDES') => ({ BOMClassID, GoodsID, GoodsName, BOMAmo: '0.0000', BOMQua: '1.0000', BOMGoodsPUnit: '', IsDefault: 0 as const, SoldOut: 0 as const, Pic: '' });

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Sets', GoodsCount: 1 }] });
  answer(LIST, { table1: [COMBO], table2: [{ TotalCount: 1 }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
  answer('EShop_GoodsDetailGet_V2_Get', { table1: [{ ...COMBO, Sort: 1, GoodsRemarks: '', SkuAttributes: '', SkuAttributeValues: '' }], table2: [], table3: [] });
  answer('HBBPos_GoodsBomList_V3_Get', {
    table1: [
      { BOMClassID: 'SIDES', ClassName: 'Sides', SelectType: 0, SelectMin: 1, SelectQua: 3, Sort: 1 },
      // An answer without SelectMin: optional, up to 1.
      { BOMClassID: 'SAUCE', ClassName: 'Sauce', SelectType: 1, SelectQua: 1, Sort: 2 },
    ],
    table2: [part('P1', 'Wings'), part('P2', 'Fries'), part('P3', 'Egg Tart'), part('P4', 'Salad'), part('P5', 'Curry', 'SAUCE')],
  });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('"choose 1 to 3": asked at the outlet, none is too few, a fourth is refused, one to three are added', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  const article = await within(menu).findByRole('article', { name: 'Snack Combo' });
  await user.click(within(article).getByRole('button', { name: 'Choose options for Snack Combo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Snack Combo' });
  const sides = await within(dialog).findByRole('group', { name: 'Sides: choose 1 to 3' });
  expect(within(dialog).getByRole('group', { name: 'Sauce: up to 1' })).toBeInTheDocument();
  // The parts are asked for at the order's outlet.
  expect(seen.find((r) => r.op === 'HBBPos_GoodsBomList_V3_Get')?.json.tableData[0]).toMatchObject({ GoodsID: 'COMBO', BaseID: 'B1' });

  // None chosen: not added.
  await user.click(within(dialog).getByRole('button', { name: /Add to cart/ }));
  expect(await screen.findByText('Please make the required choices')).toBeInTheDocument();
  expect(store.getState().cart.entries.find((e) => e.goodsDetails.GoodsID === 'COMBO')).toBeUndefined();

  // Three chosen; a fourth is not.
  for (const name of ['Wings', 'Fries', 'Egg Tart', 'Salad']) await user.click(within(sides).getByRole('checkbox', { name: new RegExp(`^${name}`) }));
  expect(within(sides).getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)).toHaveLength(3);
  expect(within(sides).getByRole('checkbox', { name: /^Salad/ })).not.toBeChecked();
  await user.click(within(sides).getByRole('checkbox', { name: /^Fries/ }));
  await user.click(within(sides).getByRole('checkbox', { name: /^Egg Tart/ }));
  await user.click(within(dialog).getByRole('button', { name: /Add to cart/ }));
  await waitFor(() => {
    const line = store.getState().cart.entries.find((e) => e.goodsDetails.GoodsID === 'COMBO')?.list[0];
    expect(line?.bomList.map((b) => b.GoodsID)).toEqual(['P1']);
  });
});
