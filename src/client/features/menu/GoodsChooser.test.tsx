/**
 * Issue 23, the menu's clarity, in the running app (MSW answering the data
 * endpoint): a sold-out combination of spec values says so and disables Add
 * while neither value is tagged sold out (item 10); a value shows what it
 * adds to the price, in its name too (item 13); the remark counts its
 * characters and stops at the shared limit with a message (item 15); a
 * dish's name opens its details with a large picture, description, price and
 * specs, from which it is added, and the search finds dishes by name (item 19).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMARK_MAX } from '../../../shared/domain/remarks';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const row = (over: Partial<StandInRow<typeof LIST, 'table1'>>): StandInRow<typeof LIST, 'table1'> => ({
  GoodsID: 'G0',
  GoodsCode: '100',
  GoodsName: 'Dish',
  ClassID: 'C1',
  GoodsTypeID: '0',
  Skus: '0',
  Unit: 'cup',
  Price: '25.0000',
  SalesPrice: '25.0000',
  PromotePrice: '',
  PromotePlanID: '',
  Pic: 'goods/g.svg',
  SoldOut: 0,
  PUnitCount: 0,
  HasBom: 0,
  HasCharging: 0,
  BagCount: 0,
  ...over,
});
const MENU = [
  row({ GoodsID: 'COFFEE', GoodsCode: '144', GoodsName: 'Coffee', Skus: '2' }),
  row({ GoodsID: 'NOODLES', GoodsCode: '111', GoodsName: 'Wonton Noodles', Skus: '1', SalesPrice: '38.0000', Price: '38.0000' }),
  row({ GoodsID: 'TEA', GoodsCode: '139', GoodsName: 'HK Milk Tea', SalesPrice: '20.0000', Price: '20.0000' }),
];
const sku = (SkuID: string, SkuItems: string, price: string, soldOut: 0 | 1 = 0) => ({
  SkuID,
  SkuCode: SkuID,
  SkuItems,
  Price: price,
  SalesPrice: price,
  PromotePrice: '',
  SoldOut: soldOut,
  Qua: '0.0000',
});
const DETAILS: Record<string, { remarks: string; attributes: unknown[]; skus: ReturnType<typeof sku>[] }> = {
  COFFEE: {
    remarks: 'Locally roasted beans',
    attributes: [
      { name: 'Size', values: ['Regular', 'Large'] },
      { name: 'Temperature', values: ['Hot', 'Iced'] },
    ],
    skus: [sku('C1', 'Regular;Hot', '25.0000'), sku('C2', 'Regular;Iced', '27.0000'), sku('C3', 'Large;Hot', '30.0000'), sku('C4', 'Large;Iced', '32.0000', 1)],
  },
  NOODLES: {
    remarks: 'Shrimp wontons in broth',
    attributes: [{ name: 'Size', values: ['Small', 'Large'] }],
    skus: [sku('N1', 'Small，', '38.0000'), sku('N2', 'Large，', '46.0000')],
  },
  TEA: { remarks: 'Silk-stocking milk tea', attributes: [], skus: [] },
};

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Drinks', GoodsCount: MENU.length }] });
  answer(LIST, { table1: MENU, table2: [{ TotalCount: MENU.length }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
  answer('EShop_GoodsDetailGet_V2_Get', (req) => {
    const id = String(req.json.tableData[0]!.GoodsID);
    const g = MENU.find((m) => m.GoodsID === id)!;
    const d = DETAILS[id]!;
    return {
      table1: [
        {
          ...g,
          Sort: 1,
          GoodsRemarks: d.remarks,
          SkuAttributes: d.attributes.map((a) => (a as { name: string }).name).join(';'),
          SkuAttributeValues: d.attributes.length ? JSON.stringify(d.attributes) : '',
        },
      ],
      table2: d.skus,
      table3: [],
    };
  });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

const MENU_ROUTE = '/pages/goodsList/goodsList';

/** The cart's line of a goods (the fixture's cart has two other goods already). */
const added = (store: { getState: () => { cart: { entries: { goodsDetails: { GoodsID?: unknown }; list: { SkuID: string; Price: string; mQua: number; remarkList: string[] }[] }[] } } }, goodsId: string) =>
  store.getState().cart.entries.find((e) => e.goodsDetails.GoodsID === goodsId)?.list[0];

async function openChooser(user: ReturnType<typeof userEvent.setup>, name: string) {
  const menu = await screen.findByRole('list', { name: 'Menu' });
  const article = await within(menu).findByRole('article', { name });
  await user.click(within(article).getByRole('button', { name: `Choose options for ${name}` }));
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByRole('group', { name: /Size/ });
  return dialog;
}

test('a sold-out combination says so by its values and disables Add; neither value is tagged sold out (item 10)', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: MENU_ROUTE, preloadedState: orderState({ mode: '1' }) });
  const dialog = await openChooser(user, 'Coffee');
  const add = within(dialog).getByRole('button', { name: /Add to cart/ });
  expect(add).toBeEnabled();

  await user.click(within(dialog).getByRole('radio', { name: /^Large/ }));
  await user.click(within(dialog).getByRole('radio', { name: /^Iced/ }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Large, Iced is sold out. Please choose another option.');
  expect(add).toBeDisabled();
  // Large and Iced are each still sold with the other value: no tag on either.
  expect(within(dialog).queryByText('Sold out')).toBeNull();
  expect(within(dialog).getByRole('radio', { name: /^Large/ }).closest('label')).not.toHaveClass('sold-out');

  await user.click(within(dialog).getByRole('radio', { name: /^Hot/ }));
  expect(within(dialog).queryByRole('alert')).toBeNull();
  expect(add).toBeEnabled();
  await user.click(add);
  await waitFor(() => expect(added(store, 'COFFEE')).toMatchObject({ SkuID: 'C3', Price: '30.00' }));
});

test('a spec value shows what it adds to the price, in its accessible name too (item 13)', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: MENU_ROUTE, preloadedState: orderState({ mode: '1' }) });
  const noodles = await openChooser(user, 'Wonton Noodles');
  expect(within(noodles).getByRole('radio', { name: 'Small' })).toBeInTheDocument();
  expect(within(noodles).getByRole('radio', { name: 'Large +MOP$8.00' })).toBeInTheDocument();
  await user.click(within(noodles).getByRole('button', { name: 'Close' }));

  const coffee = await openChooser(user, 'Coffee');
  expect(within(coffee).getByRole('radio', { name: 'Large +MOP$5.00' })).toBeInTheDocument();
  expect(within(coffee).getByRole('radio', { name: 'Iced +MOP$2.00' })).toBeInTheDocument();
});

test('the remark counts its characters and stops at the limit the service holds, with a message (item 15)', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: MENU_ROUTE, preloadedState: orderState({ mode: '1' }) });
  const dialog = await openChooser(user, 'Wonton Noodles');
  const remark = within(dialog).getByRole('textbox', { name: 'Remarks' });
  expect(within(dialog).getByText(`0/${REMARK_MAX}`)).toBeInTheDocument();
  await user.type(remark, 'No spring onion');
  expect(within(dialog).getByText(`15/${REMARK_MAX}`)).toBeInTheDocument();
  expect(remark).toHaveAccessibleDescription(`15 of at most ${REMARK_MAX} characters`);
  // A paste past the limit keeps the first REMARK_MAX characters and says so.
  await user.clear(remark);
  await user.click(remark);
  await user.paste('x'.repeat(REMARK_MAX + 20));
  expect(remark).toHaveValue('x'.repeat(REMARK_MAX));
  expect(within(dialog).getByText(`${REMARK_MAX}/${REMARK_MAX}`)).toBeInTheDocument();
  expect(within(dialog).getByText(`A remark can have at most ${REMARK_MAX} characters: the rest was left out.`)).toHaveAttribute('role', 'status');
  await user.click(within(dialog).getByRole('button', { name: /Add to cart/ }));
  await waitFor(() => expect(added(store, 'NOODLES')?.remarkList).toEqual(['x'.repeat(REMARK_MAX)]));
});

test("a dish's name opens its details: a large picture, the description, the price and the specs; it is added from there (item 19)", async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: MENU_ROUTE, preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' });
  const tea = await within(menu).findByRole('article', { name: 'HK Milk Tea' });
  await user.click(within(tea).getByRole('link', { name: 'HK Milk Tea' }));
  const dialog = await screen.findByRole('dialog', { name: 'HK Milk Tea' });
  const picture = within(dialog).getByRole('img', { name: 'HK Milk Tea' });
  expect(picture.getAttribute('src')).toMatch(/goods\/g\.svg/);
  expect(Number(picture.getAttribute('width'))).toBeGreaterThanOrEqual(300);
  expect(await within(dialog).findByText('Silk-stocking milk tea')).toBeInTheDocument();
  expect(within(dialog).getByText('MOP$20.00')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Add to cart · MOP$20.00' }));
  await waitFor(() => expect(added(store, 'TEA')).toMatchObject({ mQua: 1, Price: '20.00' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  // A dish with specs: its specs in the details.
  const coffee = await within(menu).findByRole('article', { name: 'Coffee' });
  await user.click(within(coffee).getByRole('link', { name: 'Coffee' }));
  const details = await screen.findByRole('dialog', { name: 'Coffee' });
  expect(await within(details).findByText('Locally roasted beans')).toBeInTheDocument();
  expect(await within(details).findByRole('group', { name: 'Temperature' })).toBeInTheDocument();
  await user.click(within(details).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('the search finds a dish by name as well as by item number, and opens its details (item 19)', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: '/pages/search/search', preloadedState: orderState({ mode: '1' }) });
  const box = await screen.findByRole('searchbox', { name: 'Item number or name' });
  await user.type(box, 'noodles');
  let results = await screen.findByRole('list', { name: 'Items found' });
  expect(within(results).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Wonton Noodles']);
  await user.clear(box);
  await user.type(box, '144');
  results = await screen.findByRole('list', { name: 'Items found' });
  expect(within(results).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Coffee']);
  await user.clear(box);
  await user.type(box, 'pizza');
  expect(await screen.findByText('Nothing on the menu matches pizza.')).toHaveAttribute('role', 'status');
  await user.clear(box);
  await user.type(box, 'milk');
  results = await screen.findByRole('list', { name: 'Items found' });
  await user.click(within(results).getByRole('link', { name: 'HK Milk Tea' }));
  const dialog = await screen.findByRole('dialog', { name: 'HK Milk Tea' });
  expect(await within(dialog).findByText('Silk-stocking milk tea')).toBeInTheDocument();
});
