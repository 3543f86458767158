/** A shop, a cart and a member for the checkout, payment and order tests. */
import type { CartEntry, CartLine } from '../../shared/domain/cart';
import type { RootState } from '../app/store';
import type { BaseInfo, EntityInfo, ShopState, Member } from '../session';
import type { StandIn, StandInRow } from './gateway';

export const ENT_ID = '881000000101';

export const entity: EntityInfo = {
  EntID: ENT_ID,
  EntName: 'Harbour Kitchen',
  UserID: '888000000101',
  UserName: 'Harbour Kitchen',
  UserCode: 'HK',
  CurrencySymbol: 'MOP$',
  AmoPoint: 2,
  DiscountPoint: 0,
  PQuaPoint: 0,
  PricePoint: 2,
  QuaPoint: 0,
  TimeZone: 'Asia/Macau',
  OssCustomerDomain: '/oss/',
};

export function baseInfo(over: Partial<BaseInfo> = {}): BaseInfo {
  return {
    BaseID: 'B1',
    BaseName: 'Main outlet',
    BaseCode: '1',
    BusinessMode: '0',
    CYType: '1',
    BeginTime: '',
    EndTime: '',
    WebOrderDuration: 0,
    PayMode: 'prepay',
    IsPayLaterOnlineCheckout: '1',
    OpeningHours: '',
    ...over,
  };
}

export function shopState(over: Partial<ShopState> = {}, params: Partial<ShopState['params']> = {}): ShopState {
  return {
    status: 'entered',
    params: {
      EntID: ENT_ID,
      UserID: '888000000101',
      EntName: 'Harbour Kitchen',
      UserName: 'Harbour Kitchen',
      ShopID: 'S1',
      BaseID: 'B1',
      VipID: '',
      VipName: '',
      QRCode: '',
      TableID: '',
      PosSignSheetID: '',
      BusinessMode: '1',
      ...params,
    },
    entity,
    shopInfo: { ShopID: 'S1', ShopName: 'Harbour Kitchen', PosType: '0', MinaAppID: '', MinaID: '', Logo: '' },
    baseInfo: baseInfo(),
    tableInfo: null,
    entParams: {},
    signSheet: null,
    clockOffsetMs: 0,
    ...over,
  };
}

export function line(uid: string, over: Partial<CartLine> = {}): CartLine {
  return {
    uid,
    SkuID: '',
    PUnit: '',
    PUnitPrice: '0',
    Price: '48.00',
    Ref: '1',
    isPack: false,
    mQua: 1,
    pQua: 0,
    qua: over.mQua ?? 1,
    remarkList: [],
    bomList: [],
    attachmentList: [],
    ...over,
  };
}

/** BBQ pork rice x2 at 48.00 (a bag each for takeout) and a milk tea at 18.00 with less ice: 114.00. */
export function cartEntries(mode: string): CartEntry[] {
  return [
    {
      businessMode: mode,
      goodsDetails: { GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1', GoodsName: 'BBQ Pork Rice', BagCount: 1 },
      list: [line('l1', { mQua: 2, qua: 2 })],
    },
    {
      businessMode: mode,
      goodsDetails: { GoodsID: 'G2', ShopID: 'S1', BaseID: 'B1', GoodsName: 'Milk Tea', BagCount: 0 },
      list: [line('l2', { Price: '18.00', remarkList: ['less ice'] })],
    },
  ];
}

export const member: Member = { VipID: 'VIP1', VipName: 'Chan Tai Man', isGuest: false };
export const guest: Member = { VipID: 'VIPG', VipName: 'walk-in guest', isGuest: true };

export function orderState({
  mode = '1',
  shop = shopState(),
  who = member,
}: { mode?: string; shop?: ShopState; who?: Member | null } = {}): Partial<RootState> {
  return {
    shop,
    cart: { entId: ENT_ID, cartVersion: 3, businessMode: mode, entries: cartEntries(mode), temp: [] } as unknown as RootState['cart'],
    auth: { member: who, status: who ? 'signedIn' : 'signedOut' },
  };
}

export const PAY_METHODS: StandIn<'Finance_EntShopAccountGet_V2_Get'> = {
  table1: [
    { PayType: 'balance', Name: '会员余额', NameTW: '會員餘額', NameEN: 'Member balance', Enabled: 1 },
    { PayType: 'sandbox', Name: '在线支付', NameTW: '線上支付', NameEN: 'Online payment', Enabled: 1 },
    { PayType: 'paylater', Name: '货到付款', NameTW: '貨到付款', NameEN: 'Pay on delivery', Enabled: 1 },
  ],
};

type Detail = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';

export function sheetDetail(
  over: Partial<StandInRow<Detail>> = {},
  items: Partial<StandInRow<Detail, 'table2'>>[] = [],
): StandIn<Detail> {
  return {
    table1: [
      {
        SheetID: 'SH1',
        Status: 0,
        PayStatus: 0,
        Progress: 'placed',
        TakeType: 'pickup',
        BusinessMode: '1',
        IsPayLater: 0,
        DisplayState: 'unpaid',
        CreatedDate: '2026-11-22T04:00:00Z',
        TotalAmo: '116.0000',
        SalesAmo: '114.0000',
        DisAmo: '0.0000',
        FeeAmo: '0.0000',
        CouponAmo: '0.0000',
        BagAmo: '2.0000',
        Remark: '',
        TableID: '',
        BaseID: 'B1',
        ShopID: 'S1',
        TakeTime: '',
        PayMode: 'prepay',
        // The service names the member only to the order's own member.
        VipID: 'VIP1',
        ...over,
      },
    ],
    table2: items.length
      ? items
      : [
          { RoundNo: 1, GoodsName: 'BBQ Pork Rice', SkuItems: '', PUnit: '', Qua: '2.0000', Amo: '96.0000', Detail: '' },
          { RoundNo: 1, GoodsName: 'Milk Tea', SkuItems: '', PUnit: '', Qua: '1.0000', Amo: '18.0000', Detail: 'less ice' },
        ],
  };
}
