/**
 * Shop state (SPEC section 3): the route parameters of the scanned code and
 * the shop they resolve to. Until a code is scanned the app speaks as the
 * anonymous default member's entity and user.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalNames } from '../ui/localName';

export const DEFAULT_ENT_ID = '881000000009';
export const DEFAULT_USER_ID = '888000000009';

export interface ShopParams {
  EntID: string;
  UserID: string;
  EntName: string;
  UserName: string;
  ShopID: string;
  BaseID: string;
  VipID: string;
  VipName: string;
  QRCode: string;
  TableID: string;
  PosSignSheetID: string;
  /** SPEC section 4: global params default BusinessMode 1 in one reading; the chosen mode lives in the cart's business mode. */
  BusinessMode: string;
}

export type { LocalNames };

export interface ShopInfo {
  ShopID: string;
  /** In the app's language, as the service answered it. */
  ShopName: string;
  PosType: string;
  MinaAppID: string;
  MinaID: string;
  Logo: string;
}

export interface BaseInfo {
  BaseID: string;
  BaseName: string;
  BaseCode: string;
  BusinessMode: string;
  CYType: string;
  BeginTime: string;
  EndTime: string;
  WebOrderDuration: number;
  PayMode: string;
  IsPayLaterOnlineCheckout: string;
  OpeningHours: string;
  /** The zone its ordering rules run in ('' the enterprise's: outletZone). */
  TimeZone?: string;
  /** Issue 28: the service charge on dine-in bills in basis points (0: none). */
  ServiceChargeBp?: number;
  /** Issue 28: the outlet offers a tip at payment. */
  TipEnabled?: boolean;
}

export interface EntityInfo {
  EntID: string;
  EntName: string;
  UserID: string;
  UserName: string;
  UserCode: string;
  CurrencySymbol: string;
  AmoPoint: number;
  DiscountPoint: number;
  PQuaPoint: number;
  PricePoint: number;
  QuaPoint: number;
  TimeZone: string;
  OssCustomerDomain: string;
}

export interface ShopState {
  /** idle: no shop yet; entering: a code is being resolved; entered; failed. */
  status: 'idle' | 'entering' | 'entered' | 'failed';
  params: ShopParams;
  entity: EntityInfo | null;
  shopInfo: ShopInfo | null;
  baseInfo: BaseInfo | null;
  tableInfo: { TableID: string; TableName: string } | null;
  /** Entity system parameters (ParmID -> ParmValue). */
  entParams: Record<string, string>;
  /** The sheet this visit orders onto (a table's open sheet, or the link's SheetID). */
  signSheet: SignSheet | null;
  /** The service's clock minus the phone's, in ms: the guard runs on the shop's time. */
  clockOffsetMs: number;
}

export interface SignSheet {
  SheetID: string;
  Status: number;
  /** ISO date-time (UTC). */
  CreatedDate: string;
  TableID: string;
}

const initialState: ShopState = {
  status: 'idle',
  params: {
    EntID: DEFAULT_ENT_ID,
    UserID: DEFAULT_USER_ID,
    EntName: '',
    UserName: '',
    ShopID: '',
    BaseID: '',
    VipID: '',
    VipName: '',
    QRCode: '',
    TableID: '',
    PosSignSheetID: '',
    BusinessMode: '1',
  },
  entity: null,
  shopInfo: null,
  baseInfo: null,
  tableInfo: null,
  entParams: {},
  signSheet: null,
  clockOffsetMs: 0,
};

export const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    shopParamsChanged(state, action: PayloadAction<Partial<ShopParams>>) {
      Object.assign(state.params, action.payload);
    },
    shopEntryStarted(state) {
      state.status = 'entering';
    },
    shopEntryFailed(state) {
      state.status = state.shopInfo ? 'entered' : 'failed';
    },
    /** A scanned code resolved to its enterprise, shop and outlet. */
    shopEntered(
      state,
      action: PayloadAction<{
        params: Partial<ShopParams>;
        entity: EntityInfo;
        shopInfo: ShopInfo;
        baseInfo: BaseInfo | null;
        tableInfo: { TableID: string; TableName: string } | null;
        entParams: Record<string, string>;
        signSheet: SignSheet | null;
        clockOffsetMs: number;
      }>,
    ) {
      Object.assign(state.params, action.payload.params);
      state.status = 'entered';
      state.entity = action.payload.entity;
      state.shopInfo = action.payload.shopInfo;
      state.baseInfo = action.payload.baseInfo;
      state.tableInfo = action.payload.tableInfo;
      state.entParams = action.payload.entParams;
      state.signSheet = action.payload.signSheet;
      state.clockOffsetMs = action.payload.clockOffsetMs;
    },
    /** The shop page was read again in another language: its names (same enterprise, shop and outlet only). */
    shopTextsRefreshed(state, action: PayloadAction<{ entity: EntityInfo; shopInfo: ShopInfo; baseInfo: BaseInfo | null }>) {
      const { entity, shopInfo, baseInfo } = action.payload;
      if (state.entity && state.entity.EntID === entity.EntID) state.entity.EntName = entity.EntName;
      if (state.shopInfo && state.shopInfo.ShopID === shopInfo.ShopID) state.shopInfo.ShopName = shopInfo.ShopName;
      if (state.baseInfo && baseInfo && state.baseInfo.BaseID === baseInfo.BaseID) state.baseInfo.BaseName = baseInfo.BaseName;
    },
    /** The sign sheet was read again (its status moves as staff and other phones act). */
    signSheetRefreshed(state, action: PayloadAction<SignSheet | null>) {
      state.signSheet = action.payload;
    },
  },
  selectors: {
    selectShopParams: (state) => state.params,
    selectShopStatus: (state) => state.status,
    selectEntId: (state) => state.params.EntID,
    selectShopInfo: (state) => state.shopInfo,
    selectBaseInfo: (state) => state.baseInfo,
    selectTableInfo: (state) => state.tableInfo,
    selectEntity: (state) => state.entity,
    selectEntParams: (state) => state.entParams,
    selectSignSheet: (state) => state.signSheet,
    selectClockOffsetMs: (state) => state.clockOffsetMs,
  },
});

export const { shopParamsChanged, shopEntered, shopEntryStarted, shopEntryFailed, signSheetRefreshed, shopTextsRefreshed } = shopSlice.actions;
export const { selectShopStatus, selectShopParams, selectEntId, selectShopInfo, selectBaseInfo, selectTableInfo, selectEntity, selectEntParams, selectSignSheet, selectClockOffsetMs } =
  shopSlice.selectors;
