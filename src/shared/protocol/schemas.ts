/**
 * Payload and result schemas of every catalogue operation. The payload schema
 * is what the gateway validates `strJsonData` against; the result schema types
 * the tables an answer carries (wire names, decimals as four-place strings).
 * Fields beyond those named are allowed in payloads (real clients send more)
 * and dropped before the handler sees the payload.
 */
import { z } from 'zod';
import type { OperationName } from './catalogue';
import { dec, id, int, num, optionalId, page, payload, str, table, text } from './fields';

const anyTable = z.array(z.record(z.string(), z.unknown()));
const genericResult = z.object({
  table1: anyTable.optional(),
  table2: anyTable.optional(),
  table3: anyTable.optional(),
  table4: anyTable.optional(),
  table5: anyTable.optional(),
});

const paging = { PageIndex: page.optional(), PageSize: page.optional() };

/** A coordinate in degrees; '' (what clients send without a fix) counts as absent. */
const coordinate = (limit: number) =>
  z.union([z.literal('').transform(() => undefined), num.pipe(z.number().min(-limit).max(limit))]).optional();

/** Shop pos types as a comma list, e.g. '2,7'. */
const posTypeList = z
  .string()
  .max(20)
  .regex(/^(\s*\d{1,2}(\s*,\s*\d{1,2})*\s*)?$/, 'expected shop pos types such as 2,7');

// Result rows shared by several operations ------------------------------------

export const entityRow = z.object({
  EntID: str,
  EntName: str,
  UserID: str,
  UserName: str,
  UserCode: str,
  Currency: str,
  CurrencySymbol: str,
  AmoPoint: z.number(),
  DiscountPoint: z.number(),
  PQuaPoint: z.number(),
  PricePoint: z.number(),
  QuaPoint: z.number(),
  TimeZone: str,
  OssCustomerDomain: str,
});

/** The shop page's entity row also carries the service's clock. */
export const shopPageEntityRow = entityRow.extend({ NowDate: str });

export const shopRow = z.object({
  EntID: str,
  ShopID: str,
  ShopName: str,
  ShopNameTW: str,
  ShopNameEN: str,
  PosType: str,
  MinaAppID: str,
  MinaID: str,
  Logo: str,
  Notice: str,
});

export const baseRowResult = z.object({
  BaseID: str,
  ShopID: str,
  BaseName: str,
  BaseNameTW: str,
  BaseNameEN: str,
  BaseCode: str,
  BusinessMode: str,
  CYType: str,
  BeginTime: str,
  EndTime: str,
  WebOrderDuration: z.number(),
  PayMode: str,
  IsPayLaterOnlineCheckout: str,
  OpeningHours: str,
  Address: str,
  Phone: str,
  GPS_Lng: z.number().nullable(),
  GPS_Lat: z.number().nullable(),
});

export const tableRow = z.object({
  TableID: str,
  BaseID: str,
  TableName: str,
  TableCode: str,
  QRCode: str,
  Seats: z.number(),
});

export const signSheetRow = z.object({
  SheetID: str,
  TableID: str,
  Status: z.number(),
  CreatedDate: str,
  PosType: str,
  TotalAmo: dec,
});

export const parmRow = z.object({ ParmID: str, ParmValue: str });

// Menu rows (server: operations/menu.ts) -----------------------------------------

/** 0 or 1, for flags the real service sends as numbers (SoldOut, HasBom...). */
const bit = z.union([z.literal(0), z.literal(1)]);
const totalCount = table({ TotalCount: z.number() });

export const goodsClassRow = z.object({
  ClassID: str,
  ClassName: str,
  ClassNameTW: str,
  ClassNameEN: str,
  Sort: z.number(),
  /** Goods in the class. */
  GoodsCount: z.number(),
});

/** A goods as menus list it. Decimals are four-place strings; PromotePrice and PromotePlanID are '' without a running promotion. */
export const goodsRow = z.object({
  GoodsID: str,
  GoodsCode: str,
  GoodsName: str,
  GoodsNameTW: str,
  GoodsNameEN: str,
  ClassID: str,
  /** Goods type as text: '0' common, '3' bundle, '5' catering, '6' prescription, '7' by weight, '9' bag. */
  GoodsTypeID: str,
  /** Sku type as text: '0' none, '1' one attribute, '2' two attributes. */
  Skus: str,
  Unit: str,
  Price: dec,
  SalesPrice: dec,
  PromotePrice: str,
  PromotePlanID: str,
  /** Picture path relative to the enterprise's OssCustomerDomain. */
  Pic: str,
  SoldOut: bit,
  /** Number of pack units (table3 of the goods detail). */
  PUnitCount: z.number(),
  HasBom: bit,
  HasCharging: bit,
  BagCount: z.number(),
  Sort: z.number(),
  GoodsRemarks: str,
  GoodsRemarksTW: str,
  GoodsRemarksEN: str,
});

export const goodsDetailRow = goodsRow.extend({
  /** Attribute names joined by ';'. */
  SkuAttributes: str,
  /** JSON text: [{"name": ..., "values": [...]}]. */
  SkuAttributeValues: str,
});

export const skuRow = z.object({
  SkuID: str,
  SkuCode: str,
  SkuItems: str,
  Price: dec,
  SalesPrice: dec,
  PromotePrice: str,
  SoldOut: bit,
  /** Stock quantity: not tracked, always '0.0000' (SoldOut is the availability). */
  Qua: dec,
});

export const packUnitRow = z.object({
  PCode: str,
  PUnit: str,
  PUnitTW: str,
  PUnitEN: str,
  /** Main units per pack. */
  Ref: dec,
  Price: dec,
  SalesPrice: dec,
});

export const bomGroupRow = z.object({
  BOMClassID: str,
  ClassName: str,
  ClassNameTW: str,
  ClassNameEN: str,
  /** 0 required (choose exactly SelectQua), 1 optional (up to SelectQua). */
  SelectType: bit,
  SelectQua: z.number(),
  Sort: z.number(),
});

export const bomItemRow = z.object({
  BOMClassID: str,
  GoodsID: str,
  GoodsName: str,
  GoodsNameTW: str,
  GoodsNameEN: str,
  /** Surcharge for choosing the part. */
  BOMAmo: dec,
  BOMQua: dec,
  BOMGoodsPUnit: str,
  IsDefault: bit,
  SoldOut: bit,
  Pic: str,
});

export const chargingRow = z.object({
  OptionID: str,
  Value: str,
  ValueTW: str,
  ValueEN: str,
  /** List price. */
  Value2: dec,
  /** Current price. */
  Value3: dec,
  Sort: z.number(),
});

export const soldOutRow = z.object({ GoodsID: str, SkuID: str, SoldOut: z.literal(1) });

export const promoteGoodsRow = z.object({
  PlanID: str,
  PlanName: str,
  GoodsID: str,
  SkuID: str,
  PromotePrice: dec,
  /** Most per order; '' unlimited. */
  LimitQua: str,
  BeginTime: str,
  EndTime: str,
});

export const externalShopRow = z.object({
  ShopID: str,
  ShopName: str,
  ShopNameTW: str,
  ShopNameEN: str,
  PosType: str,
  Logo: str,
  Notice: str,
});

export const externalBaseRow = z.object({
  BaseID: str,
  ShopID: str,
  BaseName: str,
  BaseNameTW: str,
  BaseNameEN: str,
  BaseCode: str,
  CYType: str,
  BusinessMode: str,
  PayMode: str,
});

// Sheet rows (server: operations/sheet.ts) ----------------------------------------

export const sheetHeadRow = z.object({
  SheetID: str,
  /** 0 open, 1 paid (prepay), 2 closed/cancelled, 3 checked out. */
  Status: z.number(),
  /** ISO date-time, UTC. */
  CreatedDate: str,
  TableID: str,
  BaseID: str,
  ShopID: str,
  PosType: str,
  BusinessMode: str,
  SalesAmo: dec,
  DisAmo: dec,
  FeeAmo: dec,
  CouponAmo: dec,
  TotalAmo: dec,
  Remark: str,
  /** Only for the sheet's own member (the caller's session vip): contact details. */
  VipID: str.optional(),
  CustName: str.optional(),
  CustPhone: str.optional(),
  CustAddress: str.optional(),
});

export const sheetItemRow = z.object({
  ItemID: z.number(),
  RoundNo: z.number(),
  GoodsID: str,
  SkuID: str,
  PUnit: str,
  GoodsName: str,
  SkuItems: str,
  Qua: dec,
  PQua: dec,
  MQua: dec,
  Price: dec,
  SalesPrice: dec,
  Amo: dec,
  DisAmo: dec,
  /** Sale type as text: '0' normal, '1' gift, '2' promote, '3' discount, '4' changed, '5' coupon. */
  SalType: str,
  /** JSON text: bundle parts, add-ons, remarks ('' for a plain line). */
  Detail: str,
});

const P = {
  // Common ---------------------------------------------------------------------
  Enterprise_EntIDByIDGet_Get: {
    payload: payload({
      TableName: text(40).optional(),
      Field: z.enum(['QRCode', 'BaseID', 'TableID', 'ShopID']),
      Value: id,
    }),
    result: z.object({
      table1: table({ EntID: str, ShopID: str, BaseID: str, TableID: str }),
    }),
  },
  Common_ServiceLinkGet_Get: {
    payload: payload({ LinkKey: text(60).optional() }),
    result: z.object({ table1: table({ LinkKey: str, LinkValue: str }) }),
  },

  // Retail ---------------------------------------------------------------------
  PosSalSheet_ShopBaseDetailGet_Get: {
    payload: payload({ ShopID: optionalId.optional(), BaseID: id }),
    result: z.object({ table1: z.array(shopRow), table2: z.array(baseRowResult) }),
  },
  PosSalSheet_NewCYSendSheetSubmit_Add: { payload: payload({}, { Item1: anyTable.optional() }), result: genericResult },
  PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get: { payload: payload({ SheetID: id }), result: genericResult },
  PosSalSheet_CYSettleSheetSubmit_V2_Add: { payload: payload({ SheetID: id }), result: genericResult },
  PosSalSheet_CYPosSalSheetSubmit_Add: { payload: payload({}, { Item1: anyTable.optional() }), result: genericResult },
  PosSalSheet_PosSalSheetSubmit_V9_Add: { payload: payload({}, { Item1: anyTable.optional() }), result: genericResult },
  PosSalSheet_PosSalSheetDetailGet_V2_Get: {
    payload: payload({ SheetID: id }),
    result: z.object({ table1: z.array(sheetHeadRow), table2: z.array(sheetItemRow) }),
  },
  PosSalSheet_PosSalSheetCloseSubmit_V5_Add: { payload: payload({ SheetID: id }), result: genericResult },
  PosSalSheet_PosSalSheetListByPage_V4_Get: { payload: payload({ ...paging, Status: int.optional() }), result: genericResult },
  PosSalSheet_PosSalSheetAcctSubmit_V9_Add: { payload: payload({ SheetID: id, PayAmo: num.optional() }), result: genericResult },
  PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update: { payload: payload({ SheetID: id }), result: genericResult },
  ExpressDtbSheet_ExpressDtbSheetDetailGet_Get: { payload: payload({ SheetID: id }), result: genericResult },
  Promote_AvailablePromoteGoodsGet_Get: {
    payload: payload({ ShopID: id, BaseID: optionalId.optional() }),
    result: z.object({ table1: z.array(promoteGoodsRow) }),
  },
  Table_BaseTablesListByPage_Get: {
    payload: payload({ BaseID: id, ...paging }),
    result: z.object({ table1: z.array(tableRow), table2: table({ TotalCount: z.number() }) }),
  },
  FreightRule_FreightRuleGet_Get: { payload: payload({ BaseID: id }), result: genericResult },
  Phone_VerificationGet_V2_Add: { payload: payload({ Phone: text(20), AreaNo: text(6).optional() }), result: genericResult },

  // Member ---------------------------------------------------------------------
  EntVip_EntVipLoginGet_V1_Get: {
    payload: payload({ OpenID: text(128), MinaID: optionalId.optional(), LoginType: int.optional() }),
    result: genericResult,
  },
  EntVip_EntVipPhoneSubmit_Add: {
    payload: payload({
      VipID: optionalId.optional(),
      Phone: text(20),
      Code: text(10),
      AreaNo: text(6).optional(),
      SourceType: z.enum(['VipPhoneVerify', 'VipPhoneChange']),
    }),
    result: genericResult,
  },
  EntVip_EntVipRegisterSubmit_V2_Add: {
    payload: payload({
      Phone: text(20).optional(),
      Code: text(10).optional(),
      AreaNo: text(6).optional(),
      RegisterType: int.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
      OpenID: text(128).optional(),
      MinaID: optionalId.optional(),
      HeadImg: text(500).optional(),
      VipName: text(40).optional(),
      Birthy: text(20).optional(),
      Sex: int.optional(),
      ShopID: optionalId.optional(),
      BaseID: optionalId.optional(),
    }),
    result: genericResult,
  },
  EntVip_EntVipGuestLogin_Add: {
    payload: payload({
      UserName: text(60).optional(),
      UserCode: text(40).optional(),
      ShopID: optionalId.optional(),
      ShopName: text(100).optional(),
      BaseID: optionalId.optional(),
      BaseName: text(100).optional(),
      BaseCode: text(40).optional(),
    }),
    result: z.object({
      table1: table({ VipID: str, VipName: str, VipCode: str, IsGuest: z.number(), EntID: str }),
    }),
  },
  EntVip_WebiteUserAccessToken_Get: { payload: payload({ Code: text(200) }), result: genericResult },
  EntVip_WebiteUserInfo_Get: { payload: payload({ AccessToken: text(500), OpenID: text(128) }), result: genericResult },
  EntVip_EntVipDetailGet_V1_Get: { payload: payload({ VipID: optionalId.optional() }), result: genericResult },
  EntVip_EntVipScoreItemsByPage_V1_Get: { payload: payload({ ...paging }), result: genericResult },
  EntVip_EntVipSubmit_Update: {
    payload: payload({
      VipName: text(40).optional(),
      Sex: int.optional(),
      HeadImg: text(500).optional(),
      Birthy: text(20).optional(),
    }),
    result: genericResult,
  },
  VipAddress_VipAddressListByPage_Get: { payload: payload({ VipID: optionalId.optional(), ...paging }), result: genericResult },
  VipAddress_VipAddressSubmit_Add: { payload: payload({ CustName: text(40), CustPhone: text(20) }), result: genericResult },
  VipAddress_VipAddressDetailGet_Get: { payload: payload({ AddressID: id }), result: genericResult },
  VipAddress_VipAddressSubmit_Update: { payload: payload({ AddressID: id }), result: genericResult },
  VipAddress_VipAddressSubmit_Delete: { payload: payload({ AddressID: id }), result: genericResult },

  // Recharge -------------------------------------------------------------------
  VipRecharge_VipRechargeRuleListByPage_Get: { payload: payload({ ...paging }), result: genericResult },
  VipRecharge_VipAccountRechargeSumbit_V3_Add: { payload: payload({ RuleID: optionalId.optional(), Amo: num.optional() }), result: genericResult },
  VipRecharge_EntVipAccountItemsListByPage_V2_Get: { payload: payload({ ...paging }), result: genericResult },
  VipRecharge_VipAccountRechargeStatus_V3_Get: { payload: payload({ SheetID: id }), result: genericResult },

  // Coupons --------------------------------------------------------------------
  EntCard_EntCardPlanList_Get: { payload: payload({ ...paging }), result: genericResult },
  EntCard_ProvideVipCard_Add: { payload: payload({ PlanID: id }), result: genericResult },
  EntCard_VipCardList_Get: { payload: payload({ Status: int.optional(), ...paging }), result: genericResult },
  EntCard_CardDetailGet_V1_Get: { payload: payload({ CardID: optionalId.optional(), CardCode: text(40).optional() }), result: genericResult },
  EntCard_ScreenVipAailableCard_V2_Get: { payload: payload({ Amo: num.optional(), BaseID: optionalId.optional() }), result: genericResult },
  EntCard_VipEntCardPlanDetail_Get: { payload: payload({ PlanID: id }), result: genericResult },
  EntCard_ProvideVipCardDetail_Add: { payload: payload({ CardCode: text(40) }), result: genericResult },
  EntCard_NYHVipCardQueryVerification_Add: { payload: payload({ CardCode: text(40) }), result: genericResult },
  EntCard_NYHVipCardVerification_Update: { payload: payload({ CardCode: text(40), SheetID: optionalId.optional() }), result: genericResult },

  // Service --------------------------------------------------------------------
  SysParm_EntSysParmGet_Get: {
    payload: payload({ Other_EntID: optionalId.optional(), ParmID: text(60).optional() }),
    result: z.object({ table1: z.array(parmRow) }),
  },
  SysParm_BaseParmGet_Get: {
    payload: payload({ BaseID: id, ParmID: text(60).optional() }),
    result: z.object({ table1: z.array(parmRow.extend({ BaseID: str })) }),
  },
  Base_BaseInfoByGPSGet_Get: {
    payload: payload({
      GPS_Lng: coordinate(180),
      GPS_Lat: coordinate(90),
      BaseClass: int.optional(),
      ShopID: optionalId.optional(),
      PageIndex: page.optional(),
      PageSize: page.pipe(z.number().max(1000)).optional(),
    }).superRefine(({ tableData: [row] }, ctx) => {
      if ((row?.GPS_Lng === undefined) !== (row?.GPS_Lat === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['tableData', 0, row?.GPS_Lng === undefined ? 'GPS_Lng' : 'GPS_Lat'], message: 'send both GPS_Lng and GPS_Lat, or neither' });
      }
    }),
    result: z.object({
      table1: z.array(baseRowResult.extend({ /** Kilometres, four places; '' without a position. */ Distance: str })),
      table2: totalCount,
    }),
  },
  HBBPos_AllGoodsClassGet_Get: { payload: payload({ ShopID: id }), result: z.object({ table1: z.array(goodsClassRow) }) },
  HBBPos_GoodsClass_GoodsList_V9_Get: {
    payload: payload({ ShopID: id, ClassID: optionalId.optional(), BaseID: optionalId.optional(), ...paging }),
    result: z.object({ table1: z.array(goodsRow), table2: totalCount }),
  },
  EShop_GoodsDetailGet_V2_Get: {
    payload: payload({ GoodsID: id, ShopID: optionalId.optional() }),
    result: z.object({ table1: z.array(goodsDetailRow), table2: z.array(skuRow), table3: z.array(packUnitRow) }),
  },
  HBBPos_GoodsBomList_V3_Get: {
    payload: payload({ GoodsID: id }),
    result: z.object({ table1: z.array(bomGroupRow), table2: z.array(bomItemRow) }),
  },
  Cust_GmGoodsChargingListGet_V1_Get: {
    payload: payload({ GoodsID: optionalId.optional(), ShopID: optionalId.optional() }).superRefine(({ tableData: [row] }, ctx) => {
      if (!row?.GoodsID && !row?.ShopID) ctx.addIssue({ code: 'custom', path: ['tableData', 0, 'GoodsID'], message: 'send GoodsID or ShopID' });
    }),
    result: z.object({ table1: z.array(chargingRow) }),
  },
  Goods_GoodsShopHomeGoodsByPage_Get: {
    payload: payload({ ShopID: id, ...paging }),
    result: z.object({ table1: z.array(goodsRow), table2: totalCount }),
  },
  HBBPos_ShopGoodsBaseGet_Get: {
    payload: payload({ ShopID: id, BaseID: optionalId.optional() }),
    result: z.object({ table1: z.array(soldOutRow), table2: table({ GoodsCount: z.number(), UpdatedAt: str }) }),
  },
  Shop_ShopInfoByPage_Get: {
    payload: payload({ ShopID: id, PosType: posTypeList.optional(), ...paging }),
    result: z.object({ table1: z.array(externalShopRow), table2: z.array(externalBaseRow) }),
  },
  Phone_SMSAreaGet_Get: { payload: payload({}), result: genericResult },
  EShop_EShopShopPageGet_Get: {
    payload: payload({
      BaseID: optionalId.optional(),
      QRCode: optionalId.optional(),
      TableID: optionalId.optional(),
      ShopID: optionalId.optional(),
      SheetID: optionalId.optional(),
    }),
    result: z.object({
      table1: z.array(shopPageEntityRow),
      table2: z.array(shopRow),
      table3: z.array(baseRowResult),
      table4: z.array(signSheetRow),
      table5: z.array(tableRow),
    }),
  },
  Common_AddressResolutionGet_Get: { payload: payload({ Address: text(300) }), result: genericResult },
  Area_BatchAreaSelectGet_Get: { payload: payload({ ParentID: optionalId.optional() }), result: genericResult },
  Setting_SetHelpFeedbackAddSubmit_Add: {
    payload: payload({ FbContent: text(8000), FbType: int.optional() }),
    result: z.object({ table1: table({ FeedbackID: str, Occurrences: z.number() }) }),
  },

  // Bank -----------------------------------------------------------------------
  Finance_EntShopAccountGet_V2_Get: { payload: payload({ ShopID: optionalId.optional(), BaseID: optionalId.optional() }), result: genericResult },
  Finance_PosPaySubmit_V5_Add: { payload: payload({ SheetID: id, PayType: text(20).optional() }), result: genericResult },
  Finance_PaySubmit_V2_Update: { payload: payload({ SheetID: id }), result: genericResult },
  Finance_GetUserPayInfo_Get: { payload: payload({ Code: text(200).optional() }), result: genericResult },

  // File -----------------------------------------------------------------------
  File_BatchFileNameGet_Add: {
    payload: payload({
      ClassID: text(40).optional(),
      FileName: text(200),
      FileSize: int.pipe(z.number().int().min(0).max(5_242_880)),
      FileType: text(60),
      ImgWidth: int.optional(),
      ImgHeight: int.optional(),
      SourceName: text(200).optional(),
    }),
    result: genericResult,
  },
} satisfies Record<OperationName, { payload: z.ZodType; result: z.ZodType }>;

export const schemas: { [K in OperationName]: (typeof P)[K] } = P;

export type PayloadOf<K extends OperationName> = z.output<(typeof P)[K]['payload']>;
/** What a client writes into strJsonData (before normalisation). */
export type PayloadInput<K extends OperationName> = z.input<(typeof P)[K]['payload']>;
export type ResultOf<K extends OperationName> = z.output<(typeof P)[K]['result']>;

