/**
 * The cart (SPEC section 4). Persisted with the enterprise it belongs to and
 * the cart version (see store.ts); a stored cart of another version is
 * dropped on start-up, and one of another enterprise when its code is
 * entered (cartOwnerEntered).
 *
 * The arithmetic (quantities, amounts, which lines merge) is the shared
 * src/shared/domain/cart.ts; here are the rules of changing the cart:
 * - Adding needs goodsDetails and a non-empty list, else it logs
 *   '购物车需要商品类结构' (SPEC section 8) and changes nothing. The lines
 *   join the entry of the same goods, shop and base in the current business
 *   mode; a line identical to one there (sameLine) adds its quantities to
 *   it, the others go first (newest first), each with a new unique uid; the
 *   entry moves to the front.
 * - Quantities are clamped to 0..MAX_LINE_QUANTITY; NaN and infinities are
 *   ignored. A line sold by the main unit (PUnit '') has no packs. A line
 *   whose quantity reaches 0 is removed, and so is an entry left empty.
 * - Switching the business mode or clearing empties the cart; the temporary
 *   list ('order again', the sheet) is separate and cleared on its own.
 *
 * Everything stored is plain JSON (strings, numbers, booleans, arrays).
 */
import { createSelector, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import {
  MAX_LINE_QUANTITY,
  cartSummary,
  cleanQuantity,
  countByGoods,
  isPackedLine,
  isValidCartLine,
  lineQuantity,
  sameLine,
  sumQuantities,
  type Attachment,
  type BomChoice,
  type CartEntry,
  type CartGoodsDetails,
  type CartLine,
} from '../../../shared/domain/cart';
import { normalizeNumberFormats, type NumberFormats } from '../../../shared/domain/numbers';

export type { CartEntry, CartLine } from '../../../shared/domain/cart';

export const CART_VERSION = 3;

/** SPEC section 8: what adding without a goods structure logs. */
export const CART_STRUCTURE_ERROR = '购物车需要商品类结构';
/** What adding a line whose prices or pack size are unusable logs. */
export const CART_LINE_ERROR = '购物车商品行无效';

/**
 * Issue 28: at a pay-after table the cart is the table's, kept by the service
 * (features/table). What the menu and the cart bar need of it is mirrored
 * here when it is read: its lines' count, item count, amount and the count
 * per goods. Null elsewhere (pay-before outlets and pickup: the personal cart).
 */
export interface TableCartMirror {
  tableId: string;
  /** The version read: a round sent from it names it (TableCartVersion), so a second phone's send makes no second round. */
  version: number;
  /** The table cart's lines as cart entries (a line's uid is its LineID): the cart page, the confirm page and the menu's counts read them. */
  entries: CartEntry[];
}

export interface CartState {
  entId: string;
  cartVersion: number;
  businessMode: string;
  entries: CartEntry[];
  temp: CartEntry[];
  /** The table's live cart as last read (issue 28); absent or null for a personal cart. */
  table?: TableCartMirror | null;
}

export const initialCartState: CartState = {
  entId: '',
  cartVersion: CART_VERSION,
  businessMode: '0',
  entries: [],
  temp: [],
};

/** A line as the menu gives it: uid and qua are set by the cart, the lists default to empty. */
export type NewCartLine = Omit<CartLine, 'uid' | 'qua' | 'remarkList' | 'bomList' | 'attachmentList'> & {
  uid?: string;
  qua?: number;
  remarkList?: string[];
  bomList?: BomChoice[];
  attachmentList?: Attachment[];
};

export interface CartLineAddedPayload {
  goodsDetails: CartGoodsDetails;
  list: NewCartLine[];
}

/** An entry for the temporary list; its business mode defaults to the current one. */
export interface TempCartAddedPayload extends CartLineAddedPayload {
  businessMode?: string;
}

/** New figures of a line from the menu. */
export interface CartPriceUpdate {
  uid: string;
  Price: string;
  PUnitPrice: string;
  Ref: string;
  bomList?: BomChoice[];
  attachmentList?: Attachment[];
}

/** A line's texts in the app's new language (what it shows and sends; prices and choices unchanged). */
export interface CartTextUpdate {
  uid: string;
  GoodsName: string;
  SkuItems: string;
  PUnit: string;
  bomList: BomChoice[];
  attachmentList: Attachment[];
}

export interface CartLineQuantitySetPayload {
  uid: string;
  mQua?: number;
  pQua?: number;
}

// ---------------------------------------------------------------------------
// Checking and normalising what is added

function hasStructure(payload: Partial<CartLineAddedPayload> | null | undefined): payload is CartLineAddedPayload {
  const goods = payload?.goodsDetails;
  return (
    !!goods &&
    typeof goods === 'object' &&
    typeof goods.GoodsID === 'string' &&
    goods.GoodsID !== '' &&
    typeof goods.ShopID === 'string' &&
    typeof goods.BaseID === 'string' &&
    Array.isArray(payload.list) &&
    payload.list.length > 0
  );
}

/** Whether an add can be applied; logs why not (in the action creator, so reducers stay pure). */
function checkAdd(payload: Partial<CartLineAddedPayload> | null | undefined): payload is CartLineAddedPayload {
  if (!hasStructure(payload)) {
    console.error(CART_STRUCTURE_ERROR);
    return false;
  }
  const bad = payload.list.find((line) => !isValidCartLine(line));
  if (bad) {
    console.error(CART_LINE_ERROR, bad);
    return false;
  }
  return true;
}

function isApplicable(payload: Partial<CartLineAddedPayload> | null | undefined): payload is CartLineAddedPayload {
  return hasStructure(payload) && payload.list.every(isValidCartLine);
}

/** A quantity as stored: finite values clamped to 0..MAX_LINE_QUANTITY; anything else is `fallback`. */
function clampQuantity(value: unknown, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return cleanQuantity(Math.min(MAX_LINE_QUANTITY, value));
}

function withQua(line: CartLine): CartLine {
  line.qua = lineQuantity(line);
  return line;
}

/** A plain copy of an incoming line with its uid, clean quantities and derived qua. */
function normalizeLine(line: NewCartLine, uid: string): CartLine {
  const packed = isPackedLine(line);
  return withQua({
    uid,
    SkuID: line.SkuID,
    PUnit: line.PUnit,
    PUnitPrice: typeof line.PUnitPrice === 'string' ? line.PUnitPrice : '0',
    Price: line.Price,
    Ref: typeof line.Ref === 'string' && line.Ref !== '' ? line.Ref : '1',
    isPack: !!line.isPack,
    mQua: clampQuantity(line.mQua, 0),
    pQua: packed ? clampQuantity(line.pQua, 0) : 0,
    qua: 0,
    remarkList: [...(line.remarkList ?? [])],
    bomList: (line.bomList ?? []).map((b) => ({ ...b })),
    attachmentList: (line.attachmentList ?? []).map((a) => ({ ...a })),
  });
}

/** Adds an entry's lines to a list of entries (the cart or the temporary list). */
function addLines(entries: CartEntry[], businessMode: string, payload: CartLineAddedPayload): CartEntry[] {
  const incoming = payload.list
    .map((line) => normalizeLine(line, line.uid ?? nanoid()))
    .filter((line) => line.qua > 0);
  if (incoming.length === 0) return entries;
  const { GoodsID, ShopID, BaseID } = payload.goodsDetails;
  const index = entries.findIndex(
    (e) =>
      e.businessMode === businessMode &&
      e.goodsDetails.GoodsID === GoodsID &&
      e.goodsDetails.ShopID === ShopID &&
      e.goodsDetails.BaseID === BaseID,
  );
  const existing = index >= 0 ? entries[index]!.list : [];
  const fresh: CartLine[] = [];
  for (const line of incoming) {
    const same = existing.find((l) => sameLine(l, line)) ?? fresh.find((l) => sameLine(l, line));
    if (!same) {
      fresh.push(line);
      continue;
    }
    // The same choice again: more of it, at the newest figures of the menu.
    same.mQua = clampQuantity(sumQuantities([same.mQua, line.mQua]), same.mQua);
    same.pQua = clampQuantity(sumQuantities([same.pQua, line.pQua]), same.pQua);
    same.PUnitPrice = line.PUnitPrice;
    same.Price = line.Price;
    same.Ref = line.Ref;
    same.isPack = line.isPack;
    same.bomList = line.bomList;
    same.attachmentList = line.attachmentList;
    withQua(same);
  }
  const entry: CartEntry = {
    businessMode,
    goodsDetails: { ...payload.goodsDetails },
    list: [...fresh, ...existing],
  };
  return [entry, ...entries.filter((_, i) => i !== index)];
}

/** Finds a line of the cart by uid. */
function findLine(state: CartState, uid: string): { entry: CartEntry; line: CartLine } | null {
  for (const entry of state.entries) {
    const line = entry.list.find((l) => l.uid === uid);
    if (line) return { entry, line };
  }
  return null;
}

/** The zero rule: lines with quantity 0 go, then entries without lines (untouched entries stay as they are). */
function prune(state: CartState): void {
  for (const entry of state.entries) {
    if (entry.list.some((l) => !(l.qua > 0))) entry.list = entry.list.filter((l) => l.qua > 0);
  }
  if (state.entries.some((e) => e.list.length === 0)) state.entries = state.entries.filter((e) => e.list.length > 0);
}

function changeQuantity(state: CartState, uid: string, change: { mQua?: unknown; pQua?: unknown }): void {
  const found = findLine(state, uid);
  if (!found) return;
  const { line } = found;
  if (change.mQua !== undefined) line.mQua = clampQuantity(change.mQua, line.mQua);
  if (change.pQua !== undefined && isPackedLine(line)) line.pQua = clampQuantity(change.pQua, line.pQua);
  withQua(line);
  prune(state);
}

function step(state: CartState, uid: string, by: 1 | -1): void {
  const found = findLine(state, uid);
  if (!found) return;
  const { line } = found;
  // clampQuantity keeps the result to QUANTITY_SCALE decimals: no binary noise (0.1 + 1).
  if (isPackedLine(line)) changeQuantity(state, uid, { pQua: line.pQua + by });
  else changeQuantity(state, uid, { mQua: line.mQua + by });
}

/** Gives each line a new unique uid (in the action creator: reducers stay pure). */
function withUids<T extends CartLineAddedPayload>(payload: T): T {
  return { ...payload, list: payload.list.map((line) => ({ ...line, uid: nanoid() })) };
}

// ---------------------------------------------------------------------------
// The slice

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Issue 28: the table's live cart as just read (features/table), or null when not at a pay-after table. */
    tableCartSeen(state, action: PayloadAction<TableCartMirror | null>) {
      state.table = action.payload;
    },
    /** A code of an enterprise was scanned: a cart of another enterprise is not this one's. */
    cartOwnerEntered(state, action: PayloadAction<string>) {
      if (state.entId !== action.payload) {
        return { ...initialCartState, entId: action.payload, businessMode: state.businessMode };
      }
      return state;
    },
    /** Goods were put in the cart (one goods, one or more lines). */
    cartLineAdded: {
      reducer(state, action: PayloadAction<CartLineAddedPayload>) {
        if (!isApplicable(action.payload)) return;
        state.entries = addLines(state.entries, state.businessMode, action.payload);
      },
      prepare(payload: CartLineAddedPayload) {
        return { payload: checkAdd(payload) ? withUids(payload) : payload };
      },
    },
    /** A line's quantities were typed in; a missing or non-finite one is left as it is. */
    cartLineQuantitySet(state, action: PayloadAction<CartLineQuantitySetPayload>) {
      const { uid, mQua, pQua } = action.payload;
      changeQuantity(state, uid, { mQua, pQua });
    },
    /** One more: a pack when the line has a pack unit, else a main unit. */
    cartLineIncreased(state, action: PayloadAction<{ uid: string }>) {
      step(state, action.payload.uid, 1);
    },
    /** One fewer: a pack when the line has a pack unit, else a main unit. */
    cartLineDecreased(state, action: PayloadAction<{ uid: string }>) {
      step(state, action.payload.uid, -1);
    },
    cartLineRemoved(state, action: PayloadAction<{ uid: string }>) {
      const found = findLine(state, action.payload.uid);
      if (!found) return;
      found.line.qua = 0;
      prune(state);
    },
    /** These lines were ordered (the order was placed): they leave the cart, the rest stays. */
    cartLinesOrdered(state, action: PayloadAction<string[]>) {
      const ordered = new Set(action.payload);
      for (const entry of state.entries) for (const line of entry.list) if (ordered.has(line.uid)) line.qua = 0;
      prune(state);
    },
    /** The menu's current prices were read again for these lines (after the service refused stale figures). */
    cartPricesRefreshed(state, action: PayloadAction<CartPriceUpdate[]>) {
      for (const update of action.payload) {
        const found = findLine(state, update.uid);
        if (!found || !isValidCartLine({ ...found.line, ...update })) continue;
        const { line } = found;
        line.Price = update.Price;
        line.PUnitPrice = update.PUnitPrice;
        line.Ref = update.Ref;
        if (update.bomList) line.bomList = update.bomList;
        if (update.attachmentList) line.attachmentList = update.attachmentList;
        withQua(line);
      }
    },
    /** The customer switched language: the lines' texts as the menu now reads them. */
    cartTextsRefreshed(state, action: PayloadAction<CartTextUpdate[]>) {
      for (const update of action.payload) {
        const found = findLine(state, update.uid);
        if (!found) continue;
        const { entry, line } = found;
        entry.goodsDetails.GoodsName = update.GoodsName;
        entry.goodsDetails.SkuItems = update.SkuItems;
        line.PUnit = update.PUnit;
        line.bomList = update.bomList;
        line.attachmentList = update.attachmentList;
      }
    },
    /** The cart was emptied (every business mode; the temporary list stays). */
    cartCleared(state) {
      state.entries = [];
    },
    /** Goods were put in the temporary list, by the same rules as the cart. */
    tempCartAdded: {
      reducer(state, action: PayloadAction<TempCartAddedPayload>) {
        if (!isApplicable(action.payload)) return;
        state.temp = addLines(state.temp, action.payload.businessMode ?? state.businessMode, action.payload);
      },
      prepare(payload: TempCartAddedPayload) {
        return { payload: checkAdd(payload) ? withUids(payload) : payload };
      },
    },
    tempCartCleared(state) {
      state.temp = [];
    },
    /** Entries of business modes other than the current one were dropped. */
    otherModesCleared(state) {
      state.entries = state.entries.filter((e) => e.businessMode === state.businessMode);
    },
    /** The customer chose another business mode: the cart is emptied (choosing the same one changes nothing). */
    businessModeChanged(state, action: PayloadAction<string>) {
      if (action.payload === state.businessMode) return;
      state.businessMode = action.payload;
      state.entries = [];
    },
  },
});

export const {
  cartOwnerEntered,
  cartLineAdded,
  cartLineQuantitySet,
  cartLineIncreased,
  cartLineDecreased,
  cartLineRemoved,
  cartCleared,
  cartLinesOrdered,
  cartPricesRefreshed,
  cartTextsRefreshed,
  tempCartAdded,
  tempCartCleared,
  otherModesCleared,
  businessModeChanged,
  tableCartSeen,
} = cartSlice.actions;

// ---------------------------------------------------------------------------
// Selectors (memoised where they derive)

/**
 * What the cart's selectors read of the root state: the cart, and of the
 * shop only the source ShopID and the enterprise's number formats (typed
 * here so that this feature does not import the shop feature or the store).
 */
export interface CartRootState {
  cart: CartState;
  shop?: {
    params?: { ShopID?: string; TableID?: string };
    entity?: Partial<Record<keyof NumberFormats, unknown>> | null;
  } | null;
}

export const selectBusinessMode = (state: CartRootState) => state.cart.businessMode;
const selectAllCartEntries = (state: CartRootState) => state.cart.entries;
export const selectTempCart = (state: CartRootState) => state.cart.temp;
const selectSourceShopId = (state: CartRootState) => state.shop?.params?.ShopID ?? '';
const selectEntityFormats = (state: CartRootState) => state.shop?.entity;

/** The enterprise's number formats (SPEC section 3), defaults until an enterprise is entered. */
export const selectCartNumberFormats = createSelector([selectEntityFormats], (entity) => normalizeNumberFormats(entity));

/** The table's live cart as last read (issue 28), at the table it was read for; else null: the personal cart. */
export const selectTableCart = ({ cart: { table }, shop }: CartRootState) => (table?.tableId === shop?.params?.TableID ? table : null) ?? null;

/** The entries of the current business mode, newest first (at a pay-after table, the table cart's). */
export const selectCartEntries = createSelector([selectAllCartEntries, selectBusinessMode, selectTableCart], (entries, mode, table) =>
  table ? table.entries : entries.filter((e) => e.businessMode === mode),
);

/** Lines, item count and amount of the current business mode's cart (at a pay-after table, the table's). */
export const selectCartSummary = createSelector([selectCartEntries, selectCartNumberFormats], (entries, formats) =>
  cartSummary(entries, formats),
);

/** Item count per GoodsID for the current source shop (at a pay-after table, the table cart's). */
export const selectGoodsCount = createSelector([selectCartEntries, selectSourceShopId], (entries, shopId) =>
  countByGoods(entries, shopId),
);
