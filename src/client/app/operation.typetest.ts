/**
 * Type test of the typed endpoints (checked by `npm run typecheck`, never
 * run): each `@ts-expect-error` must meet an error, or tsc fails with
 * "Unused '@ts-expect-error' directive". So the build breaks when an endpoint
 * may send a payload field, or read a result field, that the catalogue
 * (src/shared/protocol/schemas.ts) does not have.
 */
import { answer, request, type CallOf, type RawAnswerOf } from './operation';
import { toCoupon } from '../features/coupons/coupon';
import { toAddress } from '../features/addresses/addressApi';
import { toOrderSummary } from '../features/orders/ordersApi';
import { toGoods } from '../features/menu/menuApi';
import type { OrderSubmit } from '../features/checkout/checkoutApi';

export const typeTests = [
  // The catalogue's own fields are accepted.
  request('Phone_VerificationGet_V2_Add', [{ Phone: '66123456', AreaNo: '853', Purpose: 'login' }]),
  answer('Phone_SMSAreaGet_Get', (r) => r.table1.map((row) => row.AreaNo)),

  // @ts-expect-error -- a payload field the catalogue does not have
  request('Phone_VerificationGet_V2_Add', [{ Phone: '66123456', AreaNo: '853', Purpose: 'login', Bogus: 1 }]),
  // @ts-expect-error -- a required payload field left out
  request('EntVip_EntVipPhoneSubmit_Add', [{ Phone: '66123456', Code: '123456' }]),
  // @ts-expect-error -- a result field the catalogue does not have
  answer('Phone_SMSAreaGet_Get', (r) => r.table1.map((row) => row.Bogus)),
  // @ts-expect-error -- a result field read with the wrong type
  answer('Phone_SMSAreaGet_Get', (r): number[] => r.table1.map((row) => row.AreaNo)),
];

/** The endpoints converted in issue 11, each as its API file writes it. */
export const convertedEndpoints = [
  // Orders: the order list and a sheet's cancel.
  request('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: 1, PageSize: 10 }]),
  answer('PosSalSheet_PosSalSheetListByPage_V4_Get', (r) => r.table1.map(toOrderSummary)),
  // @ts-expect-error -- the list pages by PageIndex/PageSize: no such field as Page
  request('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ Page: 1, PageSize: 10 }]),
  // @ts-expect-error -- a cancel names its sheet
  request('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{}]),
  // @ts-expect-error -- an order list row has no VipID (only the sheet's own detail says whose it is)
  answer('PosSalSheet_PosSalSheetListByPage_V4_Get', (r) => r.table1.map((row) => row.VipID)),
  // @ts-expect-error -- a row of another answer is not an order list row (a sheet's detail header lacks ShopName...)
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', (r) => r.table1.map(toOrderSummary)),

  // Coupons: the member's cards and checkout's screened coupons share one converter.
  answer('EntCard_VipCardList_Get', (r) => r.table1.map(toCoupon)),
  answer('EntCard_ScreenVipAailableCard_V2_Get', (r) => r.table1.map(toCoupon)),
  // @ts-expect-error -- a coupon plan is not a coupon (no CardID, CardCode, Status...)
  answer('EntCard_EntCardPlanList_Get', (r) => r.table1.map(toCoupon)),
  // @ts-expect-error -- the member's cards come with no ReasonText (only a screened coupon says why not)
  answer('EntCard_VipCardList_Get', (r) => r.table1.map((row) => row.ReasonText)),
  // @ts-expect-error -- the plan list is the enterprise's: the transport sends EntID, the row may not
  request('EntCard_EntCardPlanList_Get', [{ EntID: 'E1', PageIndex: 1, PageSize: 50 }]),

  // Addresses: a save sends the catalogue's address fields only.
  request('VipAddress_VipAddressSubmit_Add', [{ CustName: 'Ann', MainAddress: 'Rua 1', GPS_Lng: '', GPS_Lat: '', IsDefault: 1 }]),
  answer('VipAddress_VipAddressListByPage_Get', (r) => r.table1.map(toAddress)),
  // @ts-expect-error -- the book's field is HouseNumber (CustHouseNumber is the order submit's)
  request('VipAddress_VipAddressSubmit_Add', [{ CustName: 'Ann', CustHouseNumber: '3A' }]),
  // @ts-expect-error -- an address row has no Address field (the outlet's has)
  answer('VipAddress_VipAddressListByPage_Get', (r) => r.table1.map((row) => row.Address)),

  // Menu: a goods row of the whole-menu list converts; the list has no remarks to read.
  answer('HBBPos_GoodsClass_GoodsList_V9_Get', (r) => r.table1.map(toGoods)),
  // @ts-expect-error -- GoodsRemarks come with the goods detail, not the whole-menu list
  answer('HBBPos_GoodsClass_GoodsList_V9_Get', (r) => r.table1.map((row) => row.GoodsRemarks)),

  // The entry's shop page, typed without the helpers.
  ((codes: { QRCode: string }): CallOf<'EShop_EShopShopPageGet_Get'> => ({ op: 'EShop_EShopShopPageGet_Get', rows: [codes], silent: true }))({ QRCode: 'q' }),
  // @ts-expect-error -- CallOf checks the row as request() does: no such payload field
  ((): CallOf<'EShop_EShopShopPageGet_Get'> => ({ op: 'EShop_EShopShopPageGet_Get', rows: [{ QRcode: 'q' }] }))(),
  // @ts-expect-error -- RawAnswerOf types the answer as answer() does: the shop row has no BaseName
  (raw: RawAnswerOf<'EShop_EShopShopPageGet_Get'>) => raw.table2?.[0]?.BaseName,
];

/** The order submit: its header row and lines are the catalogue's. */
export const orderSubmits: OrderSubmit[] = [
  { row: { ShopID: 'S', BaseID: 'B', TotalAmo: '15.00', LocalSheetID: '20261124000000123456', TakeType: 'pickup' }, items: [{ GoodsID: 'G', Amo: '15.00', MQua: 1 }] },
  // @ts-expect-error -- TakeType is dinein, pickup or delivery
  { row: { ShopID: 'S', BaseID: 'B', TotalAmo: '15.00', LocalSheetID: '20261124000000123456', TakeType: 'takeaway' }, items: [] },
  // @ts-expect-error -- a line's amount is Amo (the capture's SalesAmo is a header field)
  { row: { ShopID: 'S', BaseID: 'B', TotalAmo: '15.00', LocalSheetID: '20261124000000123456' }, items: [{ GoodsID: 'G', SalesAmo: '15.00' }] },
];
