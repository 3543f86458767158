/** The heart and the menu's Favourites class (issue 29): a member's favourites from the service; a guest asked to sign in, the cart kept. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, makeRefuse, resetGateway, seen, server } from '../../test/gateway';
import { guest, orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const MENU = '/pages/goodsList/goodsList';
const LIST = 'VipFavorite_VipFavoriteGoodsListGet_Get';
const SET = 'VipFavorite_VipFavoriteGoodsSubmit_Update';

const row = (GoodsID: string, GoodsName: string, ClassID: string) => ({
  GoodsID, GoodsName, ClassID, GoodsTypeID: '0', Skus: '0', Unit: 'plate', Price: '30.0000', SalesPrice: '30.0000', PromotePrice: '', SoldOut: 0 as const, PUnitCount: 0, HasBom: 0 as const, HasCharging: 0 as const, BagCount: 0, Pic: 'goods/g.svg',
});

jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('HBBPos_AllGoodsClassGet_Get', {
    table1: [
      { ClassID: 'C1', ClassName: 'Rice', GoodsCount: 2, BusinessMode: '0' },
      { ClassID: 'C2', ClassName: 'Drinks', GoodsCount: 1, BusinessMode: '0' },
      { ClassID: 'DI', ClassName: 'Table extras', GoodsCount: 1, BusinessMode: '2' },
    ],
  });
  answer('HBBPos_GoodsClass_GoodsList_V9_Get', {
    table1: [row('G1', 'BBQ Pork Rice', 'C1'), row('G2', 'Roast Goose Rice', 'C1'), row('G3', 'Milk Tea', 'C2'), row('G4', 'Wet towel', 'DI')],
    table2: [{ TotalCount: 4 }],
  });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

const rowNames = (menu: HTMLElement) => within(menu).getAllByRole('heading').map((h) => h.textContent);

test("a member's favourites are a class at the top of the menu; the heart adds and removes, pressed when on", async () => {
  // The towel is a favourite too, but not offered for takeout: not in the class.
  let favourites = ['G3', 'G4'];
  answer(LIST, () => ({ table1: favourites.map((GoodsID) => ({ GoodsID })) }));
  answer(SET, (req) => {
    const { GoodsID, IsFavorite } = req.json.tableData[0] as { GoodsID: string; IsFavorite: 0 | 1 };
    favourites = IsFavorite ? [GoodsID, ...favourites.filter((id) => id !== GoodsID)] : favourites.filter((id) => id !== GoodsID);
    return { table1: [{ GoodsID, IsFavorite }] };
  });
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: MENU, preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 5000 });
  await within(menu).findByRole('heading', { name: 'Favourites' }, { timeout: 5000 });
  // The view's rows come in two frames (the top first: VirtualList firstFramePx).
  await waitFor(() => expect(rowNames(menu)).toEqual(['Favourites', 'Milk Tea', 'Rice', 'BBQ Pork Rice', 'Roast Goose Rice', 'Drinks', 'Milk Tea']));
  expect(screen.getByRole('button', { name: 'Favourites' })).toBeInTheDocument();

  // Beside the goods' card, not in it: the card's one button stays its add button.
  expect(within(within(menu).getByRole('article', { name: 'BBQ Pork Rice' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Add BBQ Pork Rice']);
  const heart = within(menu).getByRole('button', { name: 'Add BBQ Pork Rice to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);
  // The heart is pressed at once; the request reaches the service a moment later.
  await waitFor(() => expect(seen.filter((r) => r.op === SET).map((r) => r.json.tableData[0])).toEqual([expect.objectContaining({ GoodsID: 'G1', IsFavorite: 1 })]));
  // Both rows of the goods (in Favourites and in Rice), once the Favourites row is drawn.
  await waitFor(() => expect(within(menu).getAllByRole('button', { name: 'Remove BBQ Pork Rice from favourites' })).toHaveLength(2), { timeout: 5000 });
  const on = within(menu).getAllByRole('button', { name: 'Remove BBQ Pork Rice from favourites' });
  expect(on.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
  expect(rowNames(menu).slice(0, 3)).toEqual(['Favourites', 'BBQ Pork Rice', 'Milk Tea']);

  await user.click(on[1]!);
  await waitFor(() => expect(rowNames(menu).slice(0, 3)).toEqual(['Favourites', 'Milk Tea', 'Rice']), { timeout: 5000 });
  expect(within(menu).getByRole('button', { name: 'Add BBQ Pork Rice to favourites' })).toHaveAttribute('aria-pressed', 'false');
});

test('a heart the service refuses is put back', async () => {
  answer(LIST, { table1: [] });
  makeRefuse(SET, '50000', 'This item is no longer on the menu');
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: MENU, preloadedState: orderState({ mode: '1' }) });
  const heart = await screen.findByRole('button', { name: 'Add Milk Tea to favourites' });
  await user.click(heart);
  expect(await screen.findByText('This item is no longer on the menu')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add Milk Tea to favourites' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('heading', { name: 'Favourites' })).toBeNull();
});

test('a guest is asked to sign in (in their language) and goes to the sign-in page; the cart is kept; no favourites are asked for', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: MENU, preloadedState: orderState({ mode: '1', who: guest }), locale: 'zh-CN' });
  const cartBefore = store.getState().cart.entries;
  expect(cartBefore.length).toBeGreaterThan(0);
  const heart = await screen.findByRole('button', { name: '将BBQ Pork Rice加入收藏' });
  await user.click(heart);
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('登录后收藏会在您所有的手机上保留。购物车保持不变。');
  await user.click(within(dialog).getByRole('button', { name: '登录' }));
  expect(await screen.findByRole('heading', { level: 1, name: '手机号登录' })).toBeInTheDocument();
  expect(store.getState().cart.entries).toEqual(cartBefore);
  expect(seen.filter((r) => r.op === LIST || r.op === SET)).toEqual([]);
});
