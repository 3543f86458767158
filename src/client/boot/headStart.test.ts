/**
 * The head start (issue 14): on a table link the page's head sends the
 * shop's first requests, exactly as the app would send them, and the app
 * adopts them instead of sending them again.
 */
import { makeStore } from '../app/store';
import { prefetchEntry, readEntryParams } from '../features/entry';
import { answer, refusal, resetGateway, seen, server, type SeenRequest } from '../test/gateway';
import { headStartConfig } from '../../../scripts/first-screen-plugin';
import { HOME_PICTURES_ABOVE_FOLD } from '../features/shop';
import { HEAD_START_OPS, headStart } from './headStart';
import { FIRST_SCREEN_ID, isFirstScreenUp } from './firstScreen';

const CONFIG = headStartConfig({ appName: 'HBBOrder', homeGoodsPageSize: 20, pictures: HOME_PICTURES_ABOVE_FOLD, pictureSize: 320, locales: ['en', 'zh-CN', 'zh-TW'] });
const OPS = Object.values(HEAD_START_OPS);

// The fetch MSW answers (it wraps the global one when it starts listening); the head wraps it again.
let realFetch: typeof fetch;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  realFetch = window.fetch;
});
beforeEach(() => {
  answer(HEAD_START_OPS.resolve, { table1: [{ EntID: 'E1', ShopID: 'S1', BaseID: 'B1', TableID: 'T1' }] });
  answer(HEAD_START_OPS.shopPage, {
    table1: [{ EntID: 'E1', UserID: 'U1', EntName: 'Harbour', OssCustomerDomain: '/oss/', NowDate: new Date().toISOString() }],
    table2: [{ ShopID: 'S1', ShopName: 'Harbour' }],
    table3: [{ BaseID: 'B1', BusinessMode: '2' }],
  });
  answer(HEAD_START_OPS.entParams, { table1: [{ ParmID: 'AppLanguage', ParmValue: 'LANGUAGE_EN' }] });
  answer(HEAD_START_OPS.homeGoods, {
    table1: ['a.svg', 'b.svg', 'c.svg', 'd.svg', 'e.svg'].map((pic, i) => ({ GoodsID: `G${i}`, GoodsName: `Dish ${i}`, Pic: `goods/${pic}`, Price: '1', SalesPrice: '1' })),
  });
  window.history.replaceState(null, '', '/#/?QRCode=TABLE-A01');
  document.head.innerHTML = '';
});
afterEach(() => {
  resetGateway();
  window.fetch = realFetch;
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  delete window.hbbFirstScreen;
});
afterAll(() => server.close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const pictures = () => [...document.head.querySelectorAll('link[rel="preload"][fetchpriority="high"]')].map((l) => l.getAttribute('href'));
// Byte for byte: the head's request is adopted only if the app's is identical.
const form = (r: SeenRequest) => ({ op: r.op, body: r.form.toString(), language: r.headers.get('accept-language') });

test('the head sends the four first requests the app would send, and the app adopts them', async () => {
  headStart(CONFIG, window, 'en');
  await until(() => OPS.every((op) => seen.some((r) => r.op === op)) && pictures().length === HOME_PICTURES_ABOVE_FOLD);
  const fromHead = seen.map(form);
  expect(fromHead.map((r) => r.op).sort()).toEqual([...OPS].sort());
  // The pictures above the fold, no more, at the size the home page shows them.
  expect(pictures()).toEqual(['a', 'b', 'c', 'd'].slice(0, HOME_PICTURES_ABOVE_FOLD).map((x) => `/oss/goods/${x}.svg?x-oss-process=image/resize,w_320,h_320`));

  // The app asks for the same data: nothing is sent again, the answers are the head's.
  const { store } = makeStore(undefined, {});
  store.dispatch(prefetchEntry(readEntryParams('QRCode=TABLE-A01')));
  await until(() => Object.values(store.getState().api.queries).filter((q) => q?.status === 'fulfilled').length === OPS.length);
  expect(seen.map((r) => r.op).sort()).toEqual([...OPS].sort());
  // Each request once: the app's own picture preloads found the head's.
  expect(pictures()).toHaveLength(HOME_PICTURES_ABOVE_FOLD);

  // Without the head, the app sends exactly what the head sent.
  window.fetch = realFetch;
  seen.length = 0;
  document.head.innerHTML = '';
  const again = makeStore(undefined, {}).store;
  again.dispatch(prefetchEntry(readEntryParams('QRCode=TABLE-A01')));
  await until(() => OPS.every((op) => seen.some((r) => r.op === op)));
  const sorted = (xs: ReturnType<typeof form>[]) => [...xs].sort((a, b) => a.op.localeCompare(b.op));
  expect(sorted(seen.map(form))).toEqual(sorted(fromHead));
});

test('a link the head does not recognise is left to the app', async () => {
  for (const address of ['/#/pages/home/home?QRCode=X', '/?QRCode=X#/?QRCode=Y', '/#/?q=QRCode%3DX', '/#/?hideTabBar=1']) {
    window.history.replaceState(null, '', address);
    headStart(CONFIG, window, 'en');
  }
  await new Promise((r) => setTimeout(r, 50));
  expect(seen).toEqual([]);
});

test('with its answers the head draws the home page first screen, and says when it is painted', async () => {
  answer(HEAD_START_OPS.shopPage, {
    table1: [{ EntID: 'E1', UserID: 'U1', EntName: 'Harbour', OssCustomerDomain: '/oss/', CurrencySymbol: 'MOP$', NowDate: new Date().toISOString() }],
    table2: [{ ShopID: 'S1', ShopName: 'Harbour Kitchen' }],
    table3: [{ BaseID: 'B1', BaseName: 'San Ma Lo', BusinessMode: '2' }],
    table5: [{ TableID: 'T1', TableName: 'A01' }],
  });
  headStart(CONFIG, window, 'zh-TW');
  let painted = false;
  void window.hbbFirstScreen!.then(() => (painted = true));
  // The header first, then the goods with their pictures.
  await until(() => document.querySelectorAll(`#${FIRST_SCREEN_ID} .home-goods img`).length > 0);
  const drawing = document.getElementById(FIRST_SCREEN_ID)!;
  // Painted means the pictures above the fold have loaded (or failed), and a frame has gone by.
  const eager = [...drawing.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  expect(eager).toHaveLength(HOME_PICTURES_ABOVE_FOLD);
  await new Promise((r) => setTimeout(r, 50));
  expect(painted).toBe(false);
  eager.forEach((img, i) => img.dispatchEvent(new Event(i === 0 ? 'error' : 'load')));
  await window.hbbFirstScreen;
  expect(painted).toBe(true);
  expect(drawing.querySelector('h1')!.textContent).toBe('Harbour Kitchen');
  // In the guessed language: the table's line and the button are the home page's words in zh-TW.
  expect(drawing.querySelector('.table-name')!.textContent).toBe(CONFIG.texts['zh-TW']!.table.replace('{table}', 'A01'));
  expect(drawing.querySelector('.btn-primary')!.textContent).toBe(CONFIG.texts['zh-TW']!.orderNow);
  expect([...drawing.querySelectorAll('.home-goods img')].map((i) => i.getAttribute('src'))).toEqual(
    ['a', 'b', 'c', 'd', 'e'].map((x) => `/oss/goods/${x}.svg?x-oss-process=image/resize,w_320,h_320`),
  );
  expect(drawing.querySelector('.home-goods strong')!.textContent).toBe('MOP$1.00');
});

test('no drawing without the shop page; the header without the goods when they fail; the app is not kept waiting', async () => {
  answer(HEAD_START_OPS.shopPage, refusal('1', 'down'));
  headStart(CONFIG, window, 'en');
  await window.hbbFirstScreen;
  expect(isFirstScreenUp()).toBe(false);

  // The header is drawn from the shop page alone (a round trip before the goods): a link to the
  // table's open sheet leads to the home page too.
  resetGateway();
  answer(HEAD_START_OPS.resolve, { table1: [{ EntID: 'E1', ShopID: 'S1', BaseID: 'B1', TableID: 'T1' }] });
  answer(HEAD_START_OPS.shopPage, { table1: [{ EntID: 'E1' }], table2: [{ ShopID: 'S1', ShopName: 'Harbour' }], table4: [{ SheetID: 'SH1', Status: 0 }] });
  answer(HEAD_START_OPS.homeGoods, 'network-error');
  window.fetch = realFetch;
  window.history.replaceState(null, '', '/#/?QRCode=TABLE-A01&SheetID=SH1');
  headStart(CONFIG, window, 'en');
  await window.hbbFirstScreen;
  const drawing = document.getElementById(FIRST_SCREEN_ID)!;
  expect(drawing.querySelector('h1')!.textContent).toBe('Harbour');
  expect(drawing.querySelector('.btn-primary')!.textContent).toBe('Order now');
  expect(drawing.querySelector('.home-goods')).toBeNull();
});
