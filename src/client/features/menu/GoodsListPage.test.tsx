/**
 * Issue 14: a large menu's first rows do not wait for the whole menu. The
 * goods list is asked for a first screen's page first, then the rest in
 * pages; a category whose goods come in a later page can be chosen, and the
 * search by item number finds goods of the last page.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, holdAnswers, resetGateway, seen, server, type SeenRequest, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { FIRST_GOODS_PAGE, GOODS_PAGE } from './menuApi';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const CLASSES = 3;
const PER_CLASS = 900;
// Three classes of 900 goods: the last class's goods come only in the third page of the rest.
const MENU: StandInRow<typeof LIST, 'table1'>[] = Array.from({ length: CLASSES * PER_CLASS }, (_, i) => ({
  GoodsID: `G${i}`,
  GoodsCode: String(10000 + i),
  GoodsName: `Dish ${i}`,
  ClassID: `C${Math.floor(i / PER_CLASS)}`,
  GoodsTypeID: '0',
  Skus: '0',
  Unit: 'plate',
  Price: '30.0000',
  SalesPrice: '30.0000',
  PromotePrice: '',
  PromotePlanID: '',
  Pic: 'goods/g.svg',
  SoldOut: 0,
  PUnitCount: 0,
  HasBom: 0,
  HasCharging: 0,
  BagCount: 0,
}));

function listPage(req: SeenRequest) {
  const { PageIndex = 1, PageSize = 10, ClassID = '' } = req.json.tableData[0] as { PageIndex?: number; PageSize?: number; ClassID?: string };
  expect(ClassID).toBe('');
  const start = (PageIndex - 1) * PageSize;
  return { table1: MENU.slice(start, start + PageSize), table2: [{ TotalCount: MENU.length }] };
}

const listRequests = () => seen.filter((r) => r.op === LIST).map((r) => r.json.tableData[0] as { PageIndex: number; PageSize: number });

jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('HBBPos_AllGoodsClassGet_Get', {
    table1: Array.from({ length: CLASSES }, (_, c) => ({ ClassID: `C${c}`, ClassName: `Class ${c}`, GoodsCount: PER_CLASS })),
  });
  answer(LIST, listPage);
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('the first rows come from a first page of the menu; the rest follows in pages; a later class can be chosen', async () => {
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' });
  expect(await within(menu).findByRole('article', { name: 'Dish 0' })).toBeInTheDocument();
  expect(listRequests()[0]).toMatchObject({ PageIndex: 1, PageSize: FIRST_GOODS_PAGE });
  // The classes are the outlet's (issue 27: a class with nothing sold there is not on its menu).
  expect(seen.find((r) => r.op === 'HBBPos_AllGoodsClassGet_Get')!.json.tableData[0]).toMatchObject({ BaseID: 'B1' });

  // The last class's goods arrive with the last page; choosing it shows them.
  await userEvent.click(screen.getByRole('button', { name: 'Class 2' }));
  expect(await within(menu).findByRole('article', { name: `Dish ${2 * PER_CLASS}` }, { timeout: 10_000 })).toBeInTheDocument();
  expect(listRequests()).toEqual([
    expect.objectContaining({ PageIndex: 1, PageSize: FIRST_GOODS_PAGE }),
    ...Array.from({ length: Math.ceil(MENU.length / GOODS_PAGE) }, (_, i) => expect.objectContaining({ PageIndex: i + 1, PageSize: GOODS_PAGE })),
  ]);
});

test('the sold-out list is asked for once the first goods are in, not with them (issue 24), and marks its goods', async () => {
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [{ GoodsID: 'G1', SkuID: '' }] });
  const soldOutAsked = () => seen.some((r) => r.op === 'HBBPos_ShopGoodsBaseGet_Get');
  const release = holdAnswers(LIST);
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  await waitFor(() => expect(listRequests()).toHaveLength(1));
  // The menu's frame is up and its first goods are on their way: nothing else is asked meanwhile.
  await screen.findByRole('button', { name: 'Class 0' });
  await act(() => new Promise((r) => setTimeout(r, 300)));
  expect(soldOutAsked()).toBe(false);
  release();
  const menu = await screen.findByRole('list', { name: 'Menu' });
  await within(menu).findByRole('article', { name: 'Dish 0' });
  await waitFor(() => expect(soldOutAsked()).toBe(true));
  expect(await within(await within(menu).findByRole('article', { name: 'Dish 1' })).findByText('Sold out')).toBeInTheDocument();
  expect(within(within(menu).getByRole('article', { name: 'Dish 0' })).queryByText('Sold out')).toBeNull();
});

test('the rail marks the first class in the same drawing as the first goods, not in a second drawing of the menu (issue 24)', async () => {
  const release = holdAnswers(LIST);
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const first = await screen.findByRole('button', { name: 'Class 0' });
  await waitFor(() => expect(listRequests()).toHaveLength(1));
  // What the page holds when the first goods enter it (a mutation observer's callback runs right after the
  // change that made it, before any later drawing).
  const whenGoodsCame = new Promise<string | null>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('article.goods')) return;
      observer.disconnect();
      resolve(first.getAttribute('aria-current'));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  release();
  expect(await whenGoodsCame).toBe('true');
  // Choosing another class still moves the mark.
  await userEvent.click(screen.getByRole('button', { name: 'Class 1' }));
  expect(screen.getByRole('button', { name: 'Class 1' })).toHaveAttribute('aria-current', 'true');
  expect(first).not.toHaveAttribute('aria-current');
});

test("the first goods are drawn with their names and prices, their pictures' places kept; the pictures come with the next frame (issue 24)", async () => {
  const release = holdAnswers(LIST);
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  await screen.findByRole('button', { name: 'Class 0' });
  await waitFor(() => expect(listRequests()).toHaveLength(1));
  const whenGoodsCame = new Promise<{ goods: number; pictures: number; places: number }>((resolve) => {
    const observer = new MutationObserver(() => {
      const goods = document.querySelectorAll('article.goods');
      if (goods.length === 0) return;
      observer.disconnect();
      resolve({ goods: goods.length, pictures: document.querySelectorAll('article.goods img').length, places: document.querySelectorAll('article.goods .goods-picture-due').length });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  release();
  // The heading and three goods, none with its picture yet.
  expect(await whenGoodsCame).toEqual({ goods: 3, pictures: 0, places: 3 });
  const menu = screen.getByRole('list', { name: 'Menu' });
  expect(await within(menu).findByRole('img', { name: 'Dish 0' }, { timeout: 5000 })).toHaveAttribute('src', expect.stringContaining('goods/g.svg'));
  expect(menu.querySelectorAll('.goods-picture-due')).toHaveLength(0);
});

test('the search by item number finds goods of the last page', async () => {
  renderWithProviders(<Shell />, { route: '/pages/search/search', preloadedState: orderState({ mode: '1' }) });
  await userEvent.type(await screen.findByRole('searchbox', { name: 'Item number or name' }), String(10000 + MENU.length - 1));
  const results = await screen.findByRole('list', { name: 'Items found' }, { timeout: 10_000 });
  expect(within(results).getByRole('article', { name: `Dish ${MENU.length - 1}` })).toBeInTheDocument();
});

test('offline (issue 29 section 5): the note in the page\'s language and every add button disabled; back online, enabled', async () => {
  let onLine = false;
  const spy = jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  try {
    renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }), locale: 'zh-CN' });
    const menu = await screen.findByRole('list', { name: '菜单' });
    await within(menu).findByRole('article', { name: 'Dish 0' });
    expect(await screen.findByText('当前处于离线状态。这是保存在本机的菜单，恢复联网后才能点餐。')).toHaveAttribute('role', 'status');
    const adds = within(menu).getAllByRole('button', { name: /^添加 Dish / });
    expect(adds.length).toBeGreaterThan(0);
    for (const add of adds) expect(add).toBeDisabled();
    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    for (const add of within(menu).getAllByRole('button', { name: /^添加 Dish / })) expect(add).toBeEnabled();
    expect(screen.queryByText(/当前处于离线状态/)).toBeNull();
  } finally {
    spy.mockRestore();
  }
});

test("a goods' name is a link to its details on this page (one handler for all the rows): a click opens them, their × closes them", async () => {
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' });
  const link = within(await within(menu).findByRole('article', { name: 'Dish 1' })).getByRole('link', { name: 'Dish 1' });
  // The router's own address for it (a memory router here: no '#').
  expect(link).toHaveAttribute('href', '/pages/goodsList/goodsList?goods=G1');
  await userEvent.click(link);
  const details = await screen.findByRole('dialog', { name: 'Dish 1' });
  // Opened by this page (the entry it added is left): the × goes back.
  await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dish 1' })).toBeNull());
  expect(within(menu).getByRole('article', { name: 'Dish 1' })).toBeInTheDocument();
});
