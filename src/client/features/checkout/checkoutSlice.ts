/**
 * What the customer has filled in on the confirm page, kept while they visit
 * couponSelect or the terms page and come back: dining mode, time, contact
 * and address, remark, payment method, the chosen coupon and the agreement
 * to the privacy policy and terms.
 *
 * Kept with the cart (issue 23 item 3): persisted like it (store.ts, its own
 * key and version), so a reload mid-checkout keeps delivery, the coupon, the
 * remark and the payment method, until the order is placed (orderPlaced
 * clears the choices) or another enterprise's code is entered (the cart is
 * dropped then too). A stored checkout is migrated field by field
 * (migrateCheckout): what a version does not know gets its default, a value
 * of the wrong type is dropped, and one stored by a newer version is not
 * used. A change of the stored shape bumps CHECKOUT_VERSION.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PersistedState } from 'redux-persist';
import { addressChosen } from '../../flows/addressChosen';
import { cartOwnerEntered } from '../cart';
import type { Coupon, TakeType } from './totals';

/** The stored checkout's version (redux-persist's `version` of the 'checkout' key). */
export const CHECKOUT_VERSION = 1;

export interface CheckoutDraft {
  takeType: TakeType | '';
  /** ISO instant of the chosen slot; '' as soon as possible. */
  takeTime: string;
  CustName: string;
  CustPhone: string;
  CustDistrict: string;
  CustMainAddress: string;
  CustHouseNumber: string;
  /** Where to deliver: the chosen address's position, or the phone's (the service measures the distance from it). */
  GPS_Lng: number | null;
  GPS_Lat: number | null;
  /** A member's delivery: the address book's entry it was filled from ('' for none or typed by hand). */
  addressId: string;
  remark: string;
  payType: string;
}

export interface CheckoutState {
  /** The enterprise the choices were made at (the cart's). */
  entId: string;
  draft: CheckoutDraft;
  coupon: Coupon | null;
  termsAgreed: boolean;
}

export const emptyDraft: CheckoutDraft = {
  takeType: '',
  takeTime: '',
  CustName: '',
  CustPhone: '',
  CustDistrict: '',
  CustMainAddress: '',
  CustHouseNumber: '',
  GPS_Lng: null,
  GPS_Lat: null,
  addressId: '',
  remark: '',
  payType: '',
};

const initialState: CheckoutState = { entId: '', draft: emptyDraft, coupon: null, termsAgreed: false };

/**
 * A stored checkout as this version keeps it: every field of the draft of
 * the type it has here (else its default), the coupon when it is one, the
 * agreement when it is true. A checkout stored by a newer version, or not an
 * object, is not used.
 */
export function migrateCheckout(stored: PersistedState): Promise<PersistedState> {
  const s = stored as (Partial<CheckoutState> & PersistedState) | undefined;
  if (!s || typeof s !== 'object' || !(s._persist?.version <= CHECKOUT_VERSION)) return Promise.resolve(undefined);
  const draft: Record<string, unknown> = { ...emptyDraft };
  for (const [key, value] of Object.entries(s.draft ?? {})) {
    const empty = draft[key];
    if (key in draft && (typeof value === typeof empty || (empty === null && typeof value === 'number'))) draft[key] = value;
  }
  const coupon = s.coupon && typeof s.coupon.CardID === 'string' ? s.coupon : null;
  return Promise.resolve({ ...initialState, entId: String(s.entId ?? ''), draft, coupon, termsAgreed: s.termsAgreed === true, _persist: s._persist } as PersistedState);
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    checkoutDraftChanged(state, action: PayloadAction<Partial<CheckoutDraft>>) {
      Object.assign(state.draft, action.payload);
    },
    couponChosen(state, action: PayloadAction<Coupon | null>) {
      state.coupon = action.payload;
    },
    termsAgreementChanged(state, action: PayloadAction<boolean>) {
      state.termsAgreed = action.payload;
    },
    /** The order was placed: its choices (how, when, the coupon, the remark, how to pay) are cleared; the contact and the agreement stay for the next one. */
    orderPlaced(state) {
      state.coupon = null;
      Object.assign(state.draft, { takeType: '', takeTime: '', remark: '', payType: '' });
    },
  },
  extraReducers: (builder) => {
    // Another enterprise's code: its cart is not this one's, nor are the choices made for it.
    builder.addCase(cartOwnerEntered, (state, { payload }) => (state.entId === payload ? state : { ...initialState, entId: payload }));
    // A delivery address from the address book: its contact, region, street, house number and position.
    builder.addCase(addressChosen, (state, { payload: a }) => {
      Object.assign(state.draft, {
        addressId: a.AddressID,
        CustName: a.CustName,
        CustPhone: a.CustPhone,
        CustDistrict: [a.Province, a.City, a.District].filter(Boolean).join(' '),
        CustMainAddress: a.MainAddress,
        CustHouseNumber: a.HouseNumber,
        GPS_Lng: a.GPS_Lng,
        GPS_Lat: a.GPS_Lat,
      });
    });
  },
  selectors: {
    selectCheckoutDraft: (state) => state.draft,
    selectChosenCoupon: (state) => state.coupon,
    selectTermsAgreed: (state) => state.termsAgreed,
  },
});

export const { checkoutDraftChanged, couponChosen, termsAgreementChanged, orderPlaced } = checkoutSlice.actions;
export const { selectCheckoutDraft, selectChosenCoupon, selectTermsAgreed } = checkoutSlice.selectors;
