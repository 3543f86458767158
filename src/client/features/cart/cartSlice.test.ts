/**
 * The cart's rules (SPEC section 4) through a real store: adding and
 * merging, quantities and the zero rule, business modes, the temporary
 * list, the derived figures, and the stored cart across restarts.
 */
import { makeStore, CART_STORAGE_KEY, type RootState } from '../../app/store';
import { toastShown } from '../../app/uiSlice';
import { shopParamsChanged, type EntityInfo } from '../../session';
import { memoryStorage, rehydrated } from '../../test/render';
import {
  CART_LINE_ERROR,
  CART_STRUCTURE_ERROR,
  CART_VERSION,
  businessModeChanged,
  cartCleared,
  cartLineAdded,
  cartLineDecreased,
  cartLineIncreased,
  cartLineQuantitySet,
  cartLineRemoved,
  cartOwnerEntered,
  initialCartState,
  otherModesCleared,
  selectBusinessMode,
  selectCartEntries,
  selectCartNumberFormats,
  selectCartSummary,
  selectGoodsCount,
  selectTempCart,
  tempCartAdded,
  tempCartCleared,
  type CartEntry,
  type CartLineAddedPayload,
  type CartState,
  type NewCartLine,
} from './cartSlice';

const PERSIST_KEY = `persist:${CART_STORAGE_KEY}`;

function setup(preloadedState?: Partial<RootState>, storage = memoryStorage()) {
  const { store, persistor } = makeStore(preloadedState, { storage });
  return { store, persistor, storage, cart: () => store.getState().cart, entries: () => selectCartEntries(store.getState()) };
}

function single(overrides: Partial<NewCartLine> = {}): NewCartLine {
  return { SkuID: 'cola-330', PUnit: '', PUnitPrice: '', Price: '5.50', Ref: '1', isPack: false, mQua: 1, pQua: 0, ...overrides };
}

function pack(overrides: Partial<NewCartLine> = {}): NewCartLine {
  return { SkuID: 'cola-330', PUnit: 'six-pack', PUnitPrice: '30.00', Price: '5.50', Ref: '6', isPack: true, mQua: 0, pQua: 1, ...overrides };
}

function goods(GoodsID = 'cola', more: Partial<CartLineAddedPayload['goodsDetails']> = {}) {
  return { GoodsID, ShopID: 'shop-1', BaseID: 'base-1', GoodsName: GoodsID, ...more };
}

const uids = (entries: CartEntry[]) => entries.flatMap((e) => e.list.map((l) => l.uid));

describe('adding', () => {
  test('creates an entry in the current business mode with a uid and the derived quantity on each line', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [pack({ pQua: 2, mQua: 1 })] }));
    const [entry] = entries();
    expect(entry).toMatchObject({ businessMode: '0', goodsDetails: goods(), list: [{ pQua: 2, mQua: 1, qua: 13, remarkList: [], bomList: [], attachmentList: [] }] });
    expect(entry!.list[0]!.uid).toEqual(expect.any(String));
    expect(entry!.list[0]!.uid).not.toBe('');
  });

  test('an identical line adds its quantities to the line already there', () => {
    const { store, entries } = setup();
    const line = single({ mQua: 2, remarkList: ['less ice', 'no sugar'] });
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [line] }));
    const uid = entries()[0]!.list[0]!.uid;
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [{ ...line, mQua: 3, remarkList: ['no sugar', 'less ice'] }] }));
    expect(entries()).toHaveLength(1);
    expect(entries()[0]!.list).toEqual([expect.objectContaining({ uid, mQua: 5, qua: 5 })]);
  });

  test('identical lines in one add are one line', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [pack(), pack({ pQua: 2 })] }));
    expect(entries()[0]!.list).toEqual([expect.objectContaining({ pQua: 3, qua: 18 })]);
  });

  test('new lines go first and the entry moves to the front', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [single()] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice' })] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [single({ remarkList: ['no ice'] })] }));
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['cola', 'rice']);
    expect(entries()[0]!.list.map((l) => l.remarkList)).toEqual([['no ice'], []]);
    // Merging into an existing line also brings the entry to the front, the line keeping its place.
    store.dispatch(cartLineAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice' })] }));
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['rice', 'cola']);
    expect(entries()[0]!.list).toEqual([expect.objectContaining({ mQua: 2 })]);
  });

  test('another shop or base is another entry', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [single()] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola', { BaseID: 'base-2' }), list: [single()] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola', { ShopID: 'shop-2' }), list: [single()] }));
    expect(entries().map((e) => [e.goodsDetails.ShopID, e.goodsDetails.BaseID])).toEqual([
      ['shop-2', 'base-1'],
      ['shop-1', 'base-2'],
      ['shop-1', 'base-1'],
    ]);
  });

  test('every line gets its own new uid, whatever uid it came with', () => {
    const { store, entries } = setup();
    for (let i = 0; i < 20; i += 1) {
      store.dispatch(cartLineAdded({ goodsDetails: goods(`g${i % 4}`), list: [single({ uid: 'from-an-old-order', SkuID: `s${i}` }), pack({ SkuID: `s${i}` })] }));
    }
    const all = uids(entries());
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    expect(all).not.toContain('from-an-old-order');
  });

  test('a line sold by the main unit has no packs, and quantities are clamped', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single({ mQua: 2, pQua: 4 }), pack({ SkuID: 'big', pQua: 1e9 })] }));
    expect(entries()[0]!.list).toEqual([
      expect.objectContaining({ mQua: 2, pQua: 0, qua: 2 }),
      expect.objectContaining({ SkuID: 'big', pQua: 99_999 }),
    ]);
  });

  test('lines with nothing in them are not added', () => {
    const { store, cart } = setup();
    const before = cart();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single({ mQua: 0 }), single({ mQua: -3 }), single({ mQua: NaN })] }));
    expect(cart()).toBe(before);
  });

  describe('without a goods structure', () => {
    let error: jest.SpyInstance;
    beforeEach(() => {
      error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => error.mockRestore());

    test.each<[string, unknown]>([
      ['nothing', undefined],
      ['no goodsDetails', { list: [single()] }],
      ['no list', { goodsDetails: goods() }],
      ['an empty list', { goodsDetails: goods(), list: [] }],
      ['no GoodsID', { goodsDetails: { ShopID: 'shop-1', BaseID: 'base-1' }, list: [single()] }],
    ])('%s: logs 购物车需要商品类结构 and changes nothing', (_name, payload) => {
      const { store, cart } = setup();
      store.dispatch(cartLineAdded({ goodsDetails: goods('rice'), list: [single()] }));
      const before = cart();
      store.dispatch(cartLineAdded(payload as CartLineAddedPayload));
      expect(error).toHaveBeenCalledWith(CART_STRUCTURE_ERROR);
      expect(CART_STRUCTURE_ERROR).toBe('购物车需要商品类结构');
      expect(cart()).toBe(before);
    });

    test('a line with an unusable price or pack size is refused whole, with its own message', () => {
      const { store, cart } = setup();
      const before = cart();
      store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single(), pack({ Ref: '0' })] }));
      store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single({ Price: '' })] }));
      expect(error).toHaveBeenCalledTimes(2);
      expect(error.mock.calls.map((c) => c[0])).toEqual([CART_LINE_ERROR, CART_LINE_ERROR]);
      expect(cart()).toBe(before);
    });
  });
});

describe('quantities', () => {
  function twoLines() {
    const s = setup();
    s.store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [pack({ pQua: 2 }), single({ mQua: 3 })] }));
    s.store.dispatch(cartLineAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice', mQua: 1 })] }));
    const [rice, cola] = s.entries();
    return { ...s, packUid: cola!.list[0]!.uid, singleUid: cola!.list[1]!.uid, riceUid: rice!.list[0]!.uid };
  }
  const line = (entries: CartEntry[], uid: string) => entries.flatMap((e) => e.list).find((l) => l.uid === uid);

  test('setting quantities updates the line and its derived quantity', () => {
    const { store, entries, packUid, singleUid } = twoLines();
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: 3, mQua: 2 }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 3, mQua: 2, qua: 20 });
    store.dispatch(cartLineQuantitySet({ uid: singleUid, mQua: 1.25 }));
    expect(line(entries(), singleUid)).toMatchObject({ mQua: 1.25, qua: 1.25 });
  });

  test('NaN and infinities are ignored, negatives become 0, and a main-unit line takes no packs', () => {
    const { store, entries, packUid, singleUid } = twoLines();
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: NaN }));
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: Infinity, mQua: -Infinity }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 2, mQua: 0, qua: 12 });
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: 1, mQua: -4 }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 1, mQua: 0, qua: 6 });
    store.dispatch(cartLineQuantitySet({ uid: singleUid, pQua: 5 }));
    expect(line(entries(), singleUid)).toMatchObject({ pQua: 0, mQua: 3, qua: 3 });
    store.dispatch(cartLineQuantitySet({ uid: singleUid, mQua: 1e12 }));
    expect(line(entries(), singleUid)).toMatchObject({ mQua: 99_999 });
  });

  test('quantity 0 removes the line, and the entry when it has no lines left', () => {
    const { store, entries, packUid, singleUid, riceUid } = twoLines();
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: 0 }));
    expect(uids(entries())).toEqual([riceUid, singleUid]);
    store.dispatch(cartLineQuantitySet({ uid: singleUid, mQua: -1 }));
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['rice']);
  });

  test('decreasing takes a pack off a line with a pack unit, else a main unit', () => {
    const { store, entries, packUid, singleUid } = twoLines();
    store.dispatch(cartLineQuantitySet({ uid: packUid, mQua: 4 }));
    store.dispatch(cartLineDecreased({ uid: packUid }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 1, mQua: 4, qua: 10 });
    store.dispatch(cartLineDecreased({ uid: singleUid }));
    expect(line(entries(), singleUid)).toMatchObject({ pQua: 0, mQua: 2, qua: 2 });
  });

  test('increasing adds a pack to a line with a pack unit, else a main unit', () => {
    const { store, entries, packUid, singleUid } = twoLines();
    store.dispatch(cartLineIncreased({ uid: packUid }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 3, mQua: 0, qua: 18 });
    store.dispatch(cartLineQuantitySet({ uid: singleUid, mQua: 0.1 }));
    store.dispatch(cartLineIncreased({ uid: singleUid }));
    expect(line(entries(), singleUid)).toMatchObject({ mQua: 1.1, qua: 1.1 });
  });

  test('decreasing to 0 removes the line and the empty entry', () => {
    const { store, entries, riceUid } = twoLines();
    store.dispatch(cartLineDecreased({ uid: riceUid }));
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['cola']);
    // A packed line at 0 packs but with loose units stays.
    const packUid = entries()[0]!.list[0]!.uid;
    store.dispatch(cartLineQuantitySet({ uid: packUid, pQua: 1, mQua: 2 }));
    store.dispatch(cartLineDecreased({ uid: packUid }));
    store.dispatch(cartLineDecreased({ uid: packUid }));
    expect(line(entries(), packUid)).toMatchObject({ pQua: 0, mQua: 2, qua: 2 });
  });

  test('removing by id, and an unknown id changes nothing', () => {
    const { store, entries, cart, packUid, singleUid, riceUid } = twoLines();
    const before = cart();
    store.dispatch(cartLineRemoved({ uid: 'nope' }));
    store.dispatch(cartLineDecreased({ uid: 'nope' }));
    store.dispatch(cartLineQuantitySet({ uid: 'nope', mQua: 0 }));
    expect(cart()).toBe(before);
    const cola = entries()[1];
    store.dispatch(cartLineRemoved({ uid: riceUid }));
    expect(entries()[0]).toBe(cola);
    expect(uids(entries())).toEqual([packUid, singleUid]);
  });

  test('clearing empties the cart', () => {
    const { store, entries } = twoLines();
    store.dispatch(cartCleared());
    expect(entries()).toEqual([]);
    expect(selectCartSummary(store.getState())).toEqual({ lines: 0, quantity: 0, amountMinor: 0, amount: '0.00' });
  });
});

describe('business modes', () => {
  test('switching the business mode empties the cart; choosing the same one does not', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single()] }));
    store.dispatch(businessModeChanged('0'));
    expect(entries()).toHaveLength(1);
    store.dispatch(businessModeChanged('1'));
    expect(selectBusinessMode(store.getState())).toBe('1');
    expect(entries()).toEqual([]);
    expect(store.getState().cart.entries).toEqual([]);
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single()] }));
    expect(entries()[0]!.businessMode).toBe('1');
  });

  test("only the current mode's entries are the cart; the others can be cleared", () => {
    // A cart kept from before, with entries of two modes.
    const takeout: CartEntry = { businessMode: '1', goodsDetails: goods('noodles'), list: [{ ...single(), uid: 't1', qua: 1, remarkList: [], bomList: [], attachmentList: [] }] };
    const dineIn: CartEntry = { ...takeout, businessMode: '2', goodsDetails: goods('soup'), list: [{ ...takeout.list[0]!, uid: 'd1' }] };
    const kept: CartState = { ...initialCartState, businessMode: '1', entries: [dineIn, takeout] };
    const { store, entries, cart } = setup({ cart: kept as RootState['cart'] });
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['noodles']);
    expect(selectCartSummary(store.getState())).toMatchObject({ lines: 1, amount: '5.50' });
    store.dispatch(otherModesCleared());
    expect(cart().entries.map((e) => e.goodsDetails.GoodsID)).toEqual(['noodles']);
  });
});

describe('the temporary list', () => {
  test('is added to by the cart rules, is not the cart, and is cleared on its own', () => {
    const { store, entries } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [single()] }));
    store.dispatch(tempCartAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice', uid: 'old' })] }));
    store.dispatch(tempCartAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice', uid: 'old', mQua: 2 })] }));
    const temp = selectTempCart(store.getState());
    expect(temp).toEqual([expect.objectContaining({ businessMode: '0', goodsDetails: goods('rice'), list: [expect.objectContaining({ mQua: 3 })] })]);
    expect(temp[0]!.list[0]!.uid).not.toBe('old');
    expect(entries().map((e) => e.goodsDetails.GoodsID)).toEqual(['cola']);
    expect(selectCartSummary(store.getState()).lines).toBe(1);

    store.dispatch(cartCleared());
    expect(selectTempCart(store.getState())).toHaveLength(1);
    store.dispatch(tempCartCleared());
    expect(selectTempCart(store.getState())).toEqual([]);
  });

  test('refuses an entry without a goods structure', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { store } = setup();
      store.dispatch(tempCartAdded({ list: [] } as never));
      expect(error).toHaveBeenCalledWith(CART_STRUCTURE_ERROR);
      expect(selectTempCart(store.getState())).toEqual([]);
    } finally {
      error.mockRestore();
    }
  });
});

describe('derived figures', () => {
  test('2 six-packs at 30.00 and 3 singles at 5.50: 2 lines, quantity 5, 76.50', () => {
    const { store } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [pack({ pQua: 2 }), single({ mQua: 3 })] }));
    expect(selectCartSummary(store.getState())).toEqual({ lines: 2, quantity: 5, amountMinor: 7650, amount: '76.50' });
  });

  test("the amount is rounded to the enterprise's AmoPoint once it is known", () => {
    const shop = setup().store.getState().shop;
    const entity = { EntID: 'e', EntName: 'e', UserID: 'u', UserName: '', UserCode: '', CurrencySymbol: 'MOP$', AmoPoint: 0, DiscountPoint: 0, PQuaPoint: 0, PricePoint: 2, QuaPoint: 0, TimeZone: 'Asia/Macau', OssCustomerDomain: '' } as EntityInfo;
    const { store } = setup({ shop: { ...shop, entity } });
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [pack({ pQua: 2 }), single({ mQua: 3 })] }));
    expect(selectCartNumberFormats(store.getState())).toMatchObject({ AmoPoint: 0, PricePoint: 2 });
    expect(selectCartSummary(store.getState())).toEqual({ lines: 2, quantity: 5, amountMinor: 77, amount: '77' });
  });

  test('the per-goods count is for the current source shop', () => {
    const { store } = setup();
    store.dispatch(shopParamsChanged({ ShopID: 'shop-1' }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola'), list: [pack({ pQua: 2 }), single({ mQua: 3 })] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice', mQua: 1 })] }));
    store.dispatch(cartLineAdded({ goodsDetails: goods('cola', { ShopID: 'shop-2' }), list: [single({ mQua: 7 })] }));
    expect(selectGoodsCount(store.getState())).toEqual({ cola: 5, rice: 1 });
    store.dispatch(shopParamsChanged({ ShopID: 'shop-2' }));
    expect(selectGoodsCount(store.getState())).toEqual({ cola: 7 });
  });

  test('the derived values are memoised', () => {
    const { store } = setup();
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single()] }));
    const summary = selectCartSummary(store.getState());
    const counts = selectGoodsCount(store.getState());
    const entries = selectCartEntries(store.getState());
    store.dispatch(toastShown({ text: 'unrelated' }));
    expect(selectCartSummary(store.getState())).toBe(summary);
    expect(selectGoodsCount(store.getState())).toBe(counts);
    expect(selectCartEntries(store.getState())).toBe(entries);
    store.dispatch(cartLineIncreased({ uid: entries[0]!.list[0]!.uid }));
    expect(selectCartSummary(store.getState())).not.toBe(summary);
  });
});

describe('the stored cart', () => {
  async function savedCart(entId: string) {
    const storage = memoryStorage();
    const { store, persistor } = setup(undefined, storage);
    await rehydrated(persistor);
    store.dispatch(cartOwnerEntered(entId));
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [pack({ pQua: 2 }), single({ mQua: 3, remarkList: ['no ice'] })] }));
    store.dispatch(tempCartAdded({ goodsDetails: goods('rice'), list: [single({ SkuID: 'rice' })] }));
    await persistor.flush();
    persistor.pause();
    return { storage, saved: store.getState().cart };
  }

  async function restart(storage: ReturnType<typeof memoryStorage>) {
    const s = setup(undefined, storage);
    await rehydrated(s.persistor);
    return s;
  }

  test('a change is written at once when the page goes away (a reload right after adding keeps it)', async () => {
    const storage = memoryStorage();
    const { store, persistor } = setup(undefined, storage);
    await rehydrated(persistor);
    store.dispatch(cartOwnerEntered('X'));
    store.dispatch(cartLineAdded({ goodsDetails: goods(), list: [single({ mQua: 4 })] }));
    // No waiting for redux-persist's next tick: the page is leaving now.
    window.dispatchEvent(new Event('pagehide'));
    const written = JSON.parse(storage.data.get('persist:cart') ?? '{}') as Record<string, string>;
    expect(JSON.parse(written.entries ?? '[]')).toEqual(JSON.parse(JSON.stringify(store.getState().cart.entries)));
    persistor.pause();
  });

  test('is plain JSON', async () => {
    const { saved } = await savedCart('X');
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
  });

  test('of version 3 and the same enterprise is restored when the app restarts', async () => {
    const { storage, saved } = await savedCart('X');
    expect(JSON.parse(storage.data.get(PERSIST_KEY)!)).toMatchObject({ entId: '"X"', cartVersion: String(CART_VERSION) });
    const { store, entries, cart } = await restart(storage);
    expect(cart()).toMatchObject({ entId: 'X', cartVersion: 3, entries: saved.entries, temp: saved.temp });
    expect(selectCartSummary(store.getState())).toEqual({ lines: 2, quantity: 5, amountMinor: 7650, amount: '76.50' });
    store.dispatch(cartOwnerEntered('X'));
    expect(entries()).toEqual(saved.entries);
  });

  test('is dropped when another enterprise is entered', async () => {
    const { storage } = await savedCart('X');
    const { store, cart } = await restart(storage);
    store.dispatch(cartOwnerEntered('Y'));
    expect(cart()).toMatchObject({ entId: 'Y', entries: [], temp: [] });
  });

  test.each([
    ['the persisted version', (stored: Record<string, string>) => ({ ...stored, _persist: JSON.stringify({ version: 2, rehydrated: true }) })],
    ['the cart version', (stored: Record<string, string>) => ({ ...stored, cartVersion: '2' })],
  ])('is dropped when %s differs', async (_name, change) => {
    const { storage } = await savedCart('X');
    storage.data.set(PERSIST_KEY, JSON.stringify(change(JSON.parse(storage.data.get(PERSIST_KEY)!))));
    const { cart } = await restart(storage);
    expect(cart()).toMatchObject({ entId: '', cartVersion: 3, entries: [], temp: [] });
  });
});
