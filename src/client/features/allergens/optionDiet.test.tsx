/**
 * Issue 29 section 2 in the goods chooser (MSW answering the data endpoint):
 * a spec value, an add-on and a bundle part show their own allergen, diet and
 * spice icons with text alternatives; an option containing an allergen the
 * menu's filter avoids says so, and stays choosable.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFacts, encodeDiet, type DietFacts } from '../../../shared/domain/diet';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { resetDietFilterForTests, setDietFilter } from './dietFilter';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const code = (patch: (f: DietFacts) => void) => {
  const f = emptyFacts();
  patch(f);
  return encodeDiet(f);
};
const DISH: StandInRow<typeof LIST, 'table1'> = {
  GoodsID: 'SATAY',
  GoodsCode: '120',
  GoodsName: 'Satay Noodles',
  ClassID: 'C1',
  GoodsTypeID: '0',
  Skus: '1',
  Unit: 'bowl',
  Price: '40.0000',
  SalesPrice: '40.0000',
  PromotePrice: '',
  PromotePlanID: '',
  Pic: 'goods/g.svg',
  SoldOut: 0,
  PUnitCount: 0,
  HasBom: 1,
  HasCharging: 1,
  BagCount: 0,
  // The dish as served states no peanuts (the optional add-ons and parts are not folded in).
  Diet: code((f) => ((f.allergens.peanuts = 'free'), (f.allergens.gluten = 'contains'))),
};
const sku = (SkuID: string, SkuItems: string, Diet?: string) => ({
  SkuID,
  SkuCode: SkuID,
  SkuItems,
  Price: '40.0000',
  SalesPrice: '40.0000',
  PromotePrice: '',
  SoldOut: 0 as const,
  Qua: '0.0000',
  ...(Diet ? { Diet } : {}),
});

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  resetDietFilterForTests();
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Noodles', GoodsCount: 1 }] });
  answer(LIST, { table1: [DISH], table2: [{ TotalCount: 1 }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
  answer('EShop_GoodsDetailGet_V2_Get', {
    table1: [{ ...DISH, Sort: 1, GoodsRemarks: '', SkuAttributes: 'Size', SkuAttributeValues: JSON.stringify([{ name: 'Size', values: ['Small', 'Large'] }]) }],
    table2: [sku('S1', 'Small，', code((f) => ((f.allergens.milk = 'may'), (f.vegetarian = true), (f.spice = 1)))), sku('S2', 'Large，')],
    table3: [],
  });
  answer('Cust_GmGoodsChargingListGet_V1_Get', {
    table1: [
      { OptionID: 'O1', Value: 'Satay sauce', Value2: '3.0000', Value3: '3.0000', Sort: 1, Diet: code((f) => ((f.allergens.peanuts = 'contains'), (f.allergens.sesame = 'contains'))) },
      { OptionID: 'O2', Value: 'Extra egg', Value2: '5.0000', Value3: '5.0000', Sort: 2, Diet: code((f) => (f.allergens.eggs = 'contains')) },
      { OptionID: 'O3', Value: 'Less ice', Value2: '0.0000', Value3: '0.0000', Sort: 3 },
    ],
  });
  answer('HBBPos_GoodsBomList_V3_Get', {
    table1: [{ BOMClassID: 'B1', ClassName: 'Add a snack', SelectType: 1, SelectQua: 1, Sort: 1 }],
    table2: [
      { BOMClassID: 'B1', GoodsID: 'P1', GoodsName: 'Curry Fish Balls', BOMAmo: '12.0000', BOMQua: '1.0000', BOMGoodsPUnit: '', IsDefault: 0, SoldOut: 0, Pic: '', Diet: code((f) => ((f.allergens.peanuts = 'contains'), (f.allergens.fish = 'contains'))) },
      { BOMClassID: 'B1', GoodsID: 'P2', GoodsName: 'Spring Rolls', BOMAmo: '10.0000', BOMQua: '1.0000', BOMGoodsPUnit: '', IsDefault: 0, SoldOut: 0, Pic: '' },
    ],
  });
});
afterEach(() => {
  resetGateway();
  act(() => setDietFilter({ avoid: [], diets: [], strict: false }));
});
afterAll(() => server.close());

const labelOf = (dialog: HTMLElement, role: 'radio' | 'checkbox', name: RegExp) => within(dialog).getByRole(role, { name }).closest('label')!;

async function openChooser() {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  const article = await within(menu).findByRole('article', { name: 'Satay Noodles' });
  await user.click(within(article).getByRole('button', { name: 'Choose options for Satay Noodles' }));
  const dialog = await screen.findByRole('dialog', { name: 'Satay Noodles' });
  await within(dialog).findByRole('group', { name: /Add-ons/ });
  return { user, dialog, store };
}

test("each spec value, add-on and bundle part shows its own allergen, diet and spice icons with text alternatives", async () => {
  const { dialog } = await openChooser();
  const small = labelOf(dialog, 'radio', /^Small/);
  expect(within(small).getByRole('img', { name: 'May contain Milk' })).toHaveAttribute('title', 'May contain Milk');
  expect(within(small).getByRole('img', { name: 'Vegetarian' })).toBeInTheDocument();
  expect(within(small).getByRole('img', { name: 'Mildly spicy' })).toBeInTheDocument();
  // A value that states nothing shows nothing.
  expect(within(labelOf(dialog, 'radio', /^Large/)).queryByRole('img')).toBeNull();

  const sauce = labelOf(dialog, 'checkbox', /^Satay sauce/);
  expect(within(sauce).getByRole('img', { name: 'Contains Peanuts' })).toBeInTheDocument();
  expect(within(sauce).getByRole('img', { name: 'Contains Sesame' })).toBeInTheDocument();
  expect(within(labelOf(dialog, 'checkbox', /^Extra egg/)).getByRole('img', { name: 'Contains Eggs' })).toBeInTheDocument();
  expect(within(labelOf(dialog, 'checkbox', /^Less ice/)).queryByRole('img')).toBeNull();

  expect(within(labelOf(dialog, 'checkbox', /^Curry Fish Balls/)).getByRole('img', { name: 'Contains Fish' })).toBeInTheDocument();
  expect(within(labelOf(dialog, 'checkbox', /^Spring Rolls/)).queryByRole('img')).toBeNull();
  // Without a filter nothing is marked.
  expect(within(dialog).queryByText(/you filter this out/)).toBeNull();
});

test('with peanuts filtered out, an option containing them is marked, not hidden, and can still be chosen', async () => {
  act(() => setDietFilter({ avoid: ['peanuts', 'milk'], diets: [], strict: false }));
  const { user, dialog, store } = await openChooser();
  const sauce = within(dialog).getByRole('checkbox', { name: /^Satay sauce/ });
  expect(sauce.closest('label')).toHaveTextContent('Contains Peanuts — you filter this out');
  expect(sauce).toHaveAccessibleName(expect.stringContaining('you filter this out'));
  const balls = within(dialog).getByRole('checkbox', { name: /^Curry Fish Balls/ });
  expect(balls.closest('label')).toHaveTextContent('Contains Peanuts — you filter this out');
  // Neither the egg (not avoided) nor the small size (it only may contain milk) is marked.
  expect(labelOf(dialog, 'checkbox', /^Extra egg/)).not.toHaveTextContent('you filter this out');
  expect(labelOf(dialog, 'radio', /^Small/)).not.toHaveTextContent('you filter this out');
  expect(within(dialog).getAllByText(/you filter this out/)).toHaveLength(2);

  await user.click(sauce);
  await user.click(balls);
  expect(sauce).toBeChecked();
  expect(balls).toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: /Add to cart/ }));
  await waitFor(() => {
    const line = store.getState().cart.entries.find((e) => e.goodsDetails.GoodsID === 'SATAY')?.list[0];
    expect(line?.attachmentList.map((a) => a.OptionID)).toEqual(['O1']);
    expect(line?.bomList.map((b) => b.GoodsID)).toEqual(['P1']);
  });
});

test('a spec value containing an avoided allergen is marked in its own words', async () => {
  answer('EShop_GoodsDetailGet_V2_Get', {
    table1: [{ ...DISH, Sort: 1, GoodsRemarks: '', SkuAttributes: 'Size', SkuAttributeValues: JSON.stringify([{ name: 'Size', values: ['Small', 'Large'] }]) }],
    table2: [sku('S1', 'Small，'), sku('S2', 'Large，', code((f) => (f.allergens.milk = 'contains')))],
    table3: [],
  });
  act(() => setDietFilter({ avoid: ['milk'], diets: [], strict: false }));
  const { dialog } = await openChooser();
  const large = within(dialog).getByRole('radio', { name: /^Large/ });
  expect(large.closest('label')).toHaveTextContent('Contains Milk — you filter this out');
  expect(large).toBeEnabled();
  expect(labelOf(dialog, 'radio', /^Small/)).not.toHaveTextContent('you filter this out');
});

test("the dish's details show its own icons above the choices", async () => {
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  const article = await within(menu).findByRole('article', { name: 'Satay Noodles' });
  await user.click(within(article).getByRole('link', { name: 'Satay Noodles' }));
  const dialog = await screen.findByRole('dialog', { name: 'Satay Noodles' });
  const head = dialog.querySelector('.goods-details') as HTMLElement;
  expect(within(head).getByRole('img', { name: 'Contains Gluten (cereals)' })).toBeInTheDocument();
});
