/**
 * What the customer has filled in on the confirm page, kept while they visit
 * couponSelect or the terms page and come back: dining mode, time, contact
 * and address, remark, payment method, the chosen coupon and the agreement
 * to the privacy policy and terms.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Coupon, TakeType } from './totals';

export interface CheckoutDraft {
  takeType: TakeType | '';
  /** ISO instant of the chosen slot; '' as soon as possible. */
  takeTime: string;
  CustName: string;
  CustPhone: string;
  CustDistrict: string;
  CustMainAddress: string;
  CustHouseNumber: string;
  /** Where to deliver: the phone's position when the customer asked for it (the service measures the distance from it). */
  GPS_Lng: number | null;
  GPS_Lat: number | null;
  remark: string;
  payType: string;
}

export interface CheckoutState {
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
  remark: '',
  payType: '',
};

const initialState: CheckoutState = { draft: emptyDraft, coupon: null, termsAgreed: false };

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
    /** The order was placed: the coupon, time and remark were used; the contact and the agreement stay for the next one. */
    orderPlaced(state) {
      state.coupon = null;
      state.draft.takeTime = '';
      state.draft.remark = '';
    },
  },
  selectors: {
    selectCheckoutDraft: (state) => state.draft,
    selectChosenCoupon: (state) => state.coupon,
    selectTermsAgreed: (state) => state.termsAgreed,
  },
});

export const { checkoutDraftChanged, couponChosen, termsAgreementChanged, orderPlaced } = checkoutSlice.actions;
export const { selectCheckoutDraft, selectChosenCoupon, selectTermsAgreed } = checkoutSlice.selectors;
