/**
 * What the customer has filled in on the confirm page, kept while they visit
 * couponSelect or the terms page and come back: dining mode, time, contact
 * and address, remark, payment method, the chosen coupon and the agreement
 * to the privacy policy and terms.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addressChosen } from '../../flows/addressChosen';
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
  /** Where to deliver: the chosen address's position, or the phone's (the service measures the distance from it). */
  GPS_Lng: number | null;
  GPS_Lat: number | null;
  /** A member's delivery: the address book's entry it was filled from ('' for none or typed by hand). */
  addressId: string;
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
  addressId: '',
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
  extraReducers: (builder) => {
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
