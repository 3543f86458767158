/**
 * The cart (SPEC section 4). Persisted with the enterprise it belongs to and
 * the cart version; a stored cart of another enterprise or version is dropped.
 * The rules of adding, merging and changing lines come with the menu issue;
 * the shape and the ownership rules are here so the store can persist it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const CART_VERSION = 3;

export interface CartLine {
  uid: string;
  SkuID: string;
  PUnit: string;
  PUnitPrice: string;
  Price: string;
  Ref: string;
  isPack: boolean;
  mQua: number;
  pQua: number;
  qua: number;
  remarkList: string[];
  bomList: unknown[];
  attachmentList: unknown[];
}

export interface CartEntry {
  businessMode: string;
  goodsDetails: { GoodsID: string; ShopID: string; BaseID: string; [key: string]: unknown };
  list: CartLine[];
}

export interface CartState {
  entId: string;
  cartVersion: number;
  businessMode: string;
  entries: CartEntry[];
  temp: CartEntry[];
}

export const initialCartState: CartState = {
  entId: '',
  cartVersion: CART_VERSION,
  businessMode: '0',
  entries: [],
  temp: [],
};

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** A code of an enterprise was scanned: a cart of another enterprise is not this one's. */
    cartOwnerEntered(state, action: PayloadAction<string>) {
      if (state.entId !== action.payload) {
        return { ...initialCartState, entId: action.payload, businessMode: state.businessMode };
      }
      return state;
    },
  },
  selectors: {
    selectCartEntries: (state) => state.entries.filter((e) => e.businessMode === state.businessMode),
  },
});

export const { cartOwnerEntered } = cartSlice.actions;
export const { selectCartEntries } = cartSlice.selectors;
