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
 * dropped then too). A change of the stored shape bumps CHECKOUT_VERSION;
 * a checkout stored by another version is not used (migrateCheckout).
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

export const initialCheckoutState: CheckoutState = { entId: '', draft: emptyDraft, coupon: null, termsAgreed: false };

/**
 * redux-persist's migrate of the stored checkout: one of this version as it
 * is; one of another version, or none, not used (the customer chooses again),
 * as the cart's rule is (app/store.ts). A version whose change can keep the
 * choices adds its migration here, in a chunk of its own, off the entry
 * (whose budget has no byte to spare).
 */
export const migrateCheckout = (s: PersistedState): Promise<PersistedState> =>
  Promise.resolve(s && s._persist.version === CHECKOUT_VERSION ? s : undefined);

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
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
    builder.addCase(cartOwnerEntered, (state, { payload }) => (state.entId === payload ? state : { ...initialCheckoutState, entId: payload }));
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
