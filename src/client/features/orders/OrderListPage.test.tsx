/** orderList through the UI: ten orders a page, 'Load more' until 'No more datas', each leading to its details. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const LIST = '/pages/orderList/orderList';
const OP = 'PosSalSheet_PosSalSheetListByPage_V4_Get';

/** Names as the service answers them: in the request's Accept-Language. */
const NAMES = {
  en: { ShopName: 'Harbour Kitchen', BaseName: 'Main outlet', FirstGoodsName: 'BBQ Pork Rice' },
  'zh-TW': { ShopName: '港灣廚房', BaseName: '總店', FirstGoodsName: '叉燒飯' },
};

function order(n: number, over: Partial<StandInRow<typeof OP>> = {}, lang: keyof typeof NAMES = 'en'): Partial<StandInRow<typeof OP>> {
  return {
    SheetID: `SH${n}`,
    CreatedDate: '2026-11-22T04:00:00Z',
    ...NAMES[lang],
    BusinessMode: '1',
    TakeType: 'pickup',
    Status: 1,
    PayStatus: 2,
    Progress: 'placed',
    IsPayLater: 0,
    DisplayState: 'paid',
    TotalAmo: `${100 + n}.0000`,
    Count: 3,
    Pic: '',
    ...over,
  };
}

// Pages loaded through the shell with a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('pages through the orders to "No more datas"', async () => {
  answer(OP, (req) => {
    const page = Number(req.json.tableData[0]!.PageIndex);
    const rows = page === 1 ? Array.from({ length: 10 }, (_, i) => order(i + 1)) : page === 2 ? Array.from({ length: 10 }, (_, i) => order(i + 11)) : [];
    return { table1: rows, table2: [{ TotalCount: 25 }] };
  });
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: LIST, preloadedState: orderState() });
  // The card's name is its visible text: the outlet (not the brand twice), the state, the date, the goods, the total.
  const first = await screen.findByRole('link', { name: /^Main outlet Paid .* BBQ Pork Rice and more · 3 items MOP\$101\.00$/ });
  expect(first).toHaveAttribute('href', '/pages/orderDetails/orderDetails?SheetID=SH1');
  expect(screen.getAllByRole('listitem')).toHaveLength(10);
  expect(screen.queryByText('No more datas')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: / MOP\$120\.00$/ })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')).toHaveLength(20);

  // The service says 25 but the third page comes back empty: that is the end.
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('No more datas')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  expect(screen.getAllByRole('listitem')).toHaveLength(20);
  // Each page asked for in order, ten at a time. The live updates' catch-up (every 2 s, 4 s... without
  // EventSource in jsdom) may read the pages loaded so far again on a slow machine: those repeats are left out.
  const asked = seen.filter((r) => r.op === OP).map((r) => r.json.tableData[0] as { PageIndex: number; PageSize: number });
  expect(asked.every((p) => p.PageSize === 10)).toBe(true);
  expect(asked.map((p) => p.PageIndex).filter((n, i, all) => n > Math.max(0, ...all.slice(0, i)))).toEqual([1, 2, 3]);
});

test('a short page is the last one; each order shows its state in the current language', async () => {
  answer(OP, (req) => {
    const lang = req.headers.get('accept-language') === 'zh-TW' ? 'zh-TW' : 'en';
    return { table1: [order(1, { DisplayState: 'delivering', TakeType: 'delivery' }, lang), order(2, { Status: 2, DisplayState: 'cancelled' }, lang)], table2: [{ TotalCount: 2 }] };
  });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: orderState(), locale: 'zh-TW' });
  expect(await screen.findByText('沒有更多資料')).toBeInTheDocument();
  expect(screen.getByText('配送中')).toBeInTheDocument();
  expect(screen.getByText('已取消')).toBeInTheDocument();
  // The outlet, not the brand twice; never cut off.
  expect(screen.getAllByText('總店')).toHaveLength(2);
  expect(screen.queryByText(/港灣廚房/)).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: '我的訂單' })).toBeInTheDocument();
});

test('no orders yet', async () => {
  answer(OP, { table1: [], table2: [{ TotalCount: 0 }] });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: orderState() });
  expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
});
