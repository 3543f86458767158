/**
 * The head's drawing of the first screen (boot/firstPaint.ts) shows what the
 * app's home page (HomePage.tsx) shows, in the same elements and classes, from the same
 * answers: each of the three languages, a table and an outlet offering both
 * ways to order, a promotion price. (That the page's stylesheet lays the two
 * out alike is the browser journey e2e/head-start.spec.ts.)
 */
import { screen, within } from '@testing-library/react';
import { localeChosen, type Locale } from '../../app/uiSlice';
import { effectiveMode } from '../../../shared/domain/businessMode';
import { businessModeChanged } from '../cart';
import { shopEntered, toBaseInfo, toEntity, toShopInfo } from '../../session';
import HomePage from './HomePage';
import { answer, resetGateway, server } from '../../test/gateway';
import { renderWithProviders } from '../../test/render';
import { pathOf } from '../../app/paths';
import { firstPaintTexts } from '../../../../scripts/first-screen-plugin';
import { paintFirstScreen, type FirstPaintInput } from '../../boot/firstPaint';
import { FIRST_SCREEN_ID, isFirstScreenUp, takeOverFirstScreen } from '../../boot/firstScreen';

const LOCALES: Locale[] = ['en', 'zh-CN', 'zh-TW'];
const TEXTS = firstPaintTexts(LOCALES);

const PAGE = {
  table1: [{ EntID: 'E1', UserID: 'U1', EntName: 'Harbour', OssCustomerDomain: 'https://oss.example/ent1', CurrencySymbol: 'MOP$', PricePoint: 1, NowDate: '2026-11-24T03:00:00Z' }],
  table2: [{ ShopID: 'S1', ShopName: 'Harbour Kitchen', PosType: '5' }],
  table3: [{ BaseID: 'B1', BaseName: 'San Ma Lo', BusinessMode: '0' }],
  table5: [{ TableID: 'T1', TableName: 'A01' }],
} satisfies FirstPaintInput['page'];

const GOODS = Array.from({ length: 12 }, (_, i) => ({
  GoodsID: `G${i}`,
  GoodsName: `Dish <b>${i}</b>`,
  Pic: i === 3 ? '' : i === 5 ? 'https://cdn.example/x.jpg' : `goods/g${i}.jpg`,
  Price: '48',
  SalesPrice: String(40 + i),
  PromotePrice: i === 1 ? '38.25' : '',
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  resetGateway();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
});
afterAll(() => server.close());

/** What a customer sees of the home page's first screen, element by element. */
function seen(root: HTMLElement) {
  const text = (sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent);
  return {
    header: text('.home > .shop-header > *'),
    headerClasses: [...root.querySelectorAll('.home > .shop-header > *')].map((e) => `${e.tagName} ${e.className}`),
    legend: text('.mode-switch legend'),
    modes: [...root.querySelectorAll('.mode-switch .chip')].map((e) => `${e.className}: ${e.textContent}`),
    primary: text('.home > .btn.btn-primary.btn-block'),
    links: text('.home > .home-links'),
    heading: text('.home > section > h2'),
    goods: [...root.querySelectorAll('.home-goods > li')].slice(0, 8).map((li) => {
      const img = li.querySelector('img')!;
      return {
        src: img.getAttribute('src'),
        alt: img.getAttribute('alt'),
        size: `${img.getAttribute('width')}x${img.getAttribute('height')}`,
        eager: img.getAttribute('fetchpriority') === 'high' && img.getAttribute('loading') !== 'lazy',
        text: li.textContent,
      };
    }),
  };
}

test.each(LOCALES)('the drawing shows what the home page shows (%s)', async (locale) => {
  answer('Goods_GoodsShopHomeGoodsByPage_Get', { table1: GOODS });
  const mode = effectiveMode('', PAGE.table3[0]!.BusinessMode, true);
  const { store, container } = renderWithProviders(<HomePage />, { locale });
  store.dispatch(businessModeChanged(mode));
  store.dispatch(
    shopEntered({
      params: { EntID: 'E1', ShopID: 'S1', BaseID: 'B1', TableID: 'T1' },
      entity: toEntity(PAGE.table1[0]!),
      shopInfo: toShopInfo(PAGE.table2[0]!),
      baseInfo: toBaseInfo(PAGE.table3[0]!),
      tableInfo: PAGE.table5[0]!,
      entParams: {},
      signSheet: null,
      clockOffsetMs: 0,
    }),
  );
  // Entering a shop chooses the language again (the device's, English here): the customer's choice.
  store.dispatch(localeChosen(locale));
  // The locale's messages have loaded (the table's line is in its words).
  await screen.findByText(TEXTS[locale]!.table.replace('{table}', 'A01'));
  const list = await screen.findByRole('list');
  expect(within(list).getAllByRole('img')).toHaveLength(GOODS.length);
  const app = seen(container);

  const input: FirstPaintInput = { page: PAGE, goods: GOODS, atTable: true, texts: TEXTS[locale]!, locale, eagerPictures: 4, pictureSize: 320 };
  const drawing = paintFirstScreen(document, input)!;
  expect(seen(drawing)).toEqual(app);
  // Spot checks, so that two equally wrong drawings cannot pass: names are text, prices the promotion's.
  expect(app.goods[0]!.text).toContain('Dish <b>0</b>');
  expect(app.goods[1]!.text).toContain('MOP$38.3');
  expect(app.goods[3]!.src).toBeNull();
  expect(app.goods.map((g) => g.eager)).toEqual([true, true, true, true, false, false, false, false]);
  expect(app.modes).toHaveLength(2);
});

test('the drawing is a picture: over the page, hidden from assistive technology, out of the tab order, and gone when the app takes over', () => {
  const root = paintFirstScreen(document, { page: PAGE, goods: GOODS, atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 })!;
  expect(document.body.firstChild).toBe(root);
  expect(root.getAttribute('aria-hidden')).toBe('true');
  // Its ways in are links to the app's pages, none of them in the tab order; nothing else can be used.
  const links = [...root.querySelectorAll('a')];
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Order now', `#${pathOf('goodsList')}`],
    ['Order by item number', `#${pathOf('search')}`],
    ['Other outlets', `#${pathOf('baseSelect')}`],
    ['Other restaurants here', `#${pathOf('shopSelect')}`],
  ]);
  expect(links.every((a) => a.tabIndex === -1)).toBe(true);
  expect(root.querySelectorAll('button, input')).toHaveLength(0);
  expect(screen.queryByRole('heading', { name: 'Harbour Kitchen' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Order now' })).toBeNull();
  expect(isFirstScreenUp()).toBe(true);
  expect(takeOverFirstScreen()).toBeNull();
  expect(isFirstScreenUp()).toBe(false);
});

test('a tap on the drawing is kept, not followed: the address keeps the table code, and the app is told which page was asked for', () => {
  const before = window.location.href;
  const root = paintFirstScreen(document, { page: PAGE, goods: GOODS, atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 })!;
  const orderNow = root.querySelector<HTMLAnchorElement>('a.btn-primary')!;
  const outlets = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Other outlets')!;
  // A tap on the picture's words or header is nothing.
  root.querySelector('h1')!.click();
  expect(root.hasAttribute('data-tapped')).toBe(false);
  outlets.click();
  // The last tap counts: a goods row leads to the menu, as the home page's do.
  root.querySelector<HTMLElement>('.first-screen-goods img')!.click();
  expect(window.location.href).toBe(before);
  expect(root.querySelectorAll('.tapped')).toHaveLength(1);
  expect(root.querySelector('.home-goods .tapped')).not.toBeNull();
  orderNow.click();
  expect(orderNow.classList.contains('tapped')).toBe(true);
  expect(takeOverFirstScreen()).toBe('goodsList');
  expect(isFirstScreenUp()).toBe(false);
});

test('a tap kept before the app left for a sign-in page (a chat app authorizing) is answered when it is back, once, if recent', () => {
  const draw = () => paintFirstScreen(document, { page: PAGE, goods: GOODS, atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 })!;
  draw().querySelector<HTMLAnchorElement>('a.btn-primary')!.click();
  // The page goes to the authorize page and comes back: a new page draws again, untapped.
  document.getElementById(FIRST_SCREEN_ID)!.remove();
  draw();
  expect(takeOverFirstScreen()).toBe('goodsList');
  draw();
  expect(takeOverFirstScreen()).toBeNull();
  // Too late: a tap two minutes ago is not answered.
  draw().querySelector<HTMLAnchorElement>('a.btn-primary')!.click();
  document.getElementById(FIRST_SCREEN_ID)!.remove();
  draw();
  expect(takeOverFirstScreen(document, Date.now() + 120_000)).toBeNull();
});

test('answers without a shop draw nothing; an outlet with one way to order draws no choice of it', () => {
  expect(paintFirstScreen(document, { page: { table1: PAGE.table1 }, goods: GOODS, atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 })).toBeNull();
  expect(isFirstScreenUp()).toBe(false);
  const dineInOnly = { ...PAGE, table3: [{ ...PAGE.table3[0]!, BusinessMode: '2' }] };
  const root = paintFirstScreen(document, { page: dineInOnly, goods: [], atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 })!;
  expect(root.querySelector('.mode-switch')).toBeNull();
  expect(root.querySelector('.home-goods')).toBeNull();
  expect(root.querySelector('h1')!.textContent).toBe('Harbour Kitchen');
});

test('where the app will open orderEntry instead of the home page (closed now, the sheet closed), nothing is drawn', () => {
  const input = (page: FirstPaintInput['page']): FirstPaintInput => ({ page, goods: GOODS, atTable: true, texts: TEXTS.en!, locale: 'en', eagerPictures: 4, pictureSize: 320 });
  // 04:00 in Macau; the outlet opens 10:00-22:00.
  const night = { ...PAGE, table1: [{ ...PAGE.table1[0]!, NowDate: '2026-11-23T20:00:00Z' }], table3: [{ ...PAGE.table3[0]!, BeginTime: '10:00', EndTime: '22:00' }] };
  expect(paintFirstScreen(document, input(night))).toBeNull();
  // The same outlet at 12:00 in Macau is open: drawn.
  const noon = { ...night, table1: [{ ...PAGE.table1[0]!, NowDate: '2026-11-24T04:00:00Z' }] };
  expect(paintFirstScreen(document, input(noon))).not.toBeNull();
  takeOverFirstScreen();
  const paid = { ...PAGE, table4: [{ SheetID: 'SH1', Status: 2, CreatedDate: '2026-11-24T02:00:00Z', TableID: 'T1' }] };
  expect(paintFirstScreen(document, input(paid))).toBeNull();
  expect(isFirstScreenUp()).toBe(false);
});

test('the first paint words: every locale has them, and only plain text and {table} are drawn', () => {
  for (const locale of LOCALES) expect(Object.values(TEXTS[locale]!).every((t) => t.length > 0)).toBe(true);
  expect(TEXTS.en!.table).toBe('Table {table}');
});
