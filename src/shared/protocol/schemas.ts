/**
 * Payload and result schemas of every catalogue operation. The payload schema
 * is what the gateway validates `strJsonData` against; the result schema types
 * the tables an answer carries (wire names, decimals as four-place strings).
 * Fields beyond those named are allowed in payloads (real clients send more)
 * and dropped before the handler sees the payload.
 */
import { z } from 'zod';
import { PAY_TYPES } from '../domain/payTypes';
import { FEEDBACK_MAX_CHARS } from '../domain/feedback';
import { REMARK_MAX, remarkLength } from '../domain/remarks';
import { KITCHEN_STATES } from '../domain/rounds';
import type { OperationName } from './catalogue';
import { billHead, billLine, dec, flag, id, int, multiline, n, num, optionalId, page, payload, payPart, str, table, text } from './fields';

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
  /** The zone the outlet's ordering rules run in: its own, else its enterprise's (absent from other servers: the enterprise's TimeZone). */
  TimeZone: str.optional(),
  /** Issue 28: the outlet's service charge on dine-in bills, in basis points (1000 = 10 %); absent from older services: none. */
  ServiceChargeBp: z.number().optional(),
  /** Issue 28: 1 when the outlet offers a tip at payment (never preselected). */
  TipEnabled: z.number().optional(),
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

// Menu rows (server: operations/menu/handlers.ts) -----------------------------------------

/** 0 or 1, for flags the real service sends as numbers (SoldOut, HasBom...). */
const bit = z.union([z.literal(0), z.literal(1)]);
const totalCount = table({ TotalCount: z.number() });

export const goodsClassRow = z.object({
  ClassID: str,
  ClassName: str,
  Sort: z.number(),
  /** Goods in the class. */
  GoodsCount: z.number(),
  /** The ways of ordering the class is offered for (SPEC section 4's business modes): '0' all, '1' takeout, '2' dine-in. */
  BusinessMode: str,
});

/** A goods as menus list it. Decimals are four-place strings; PromotePrice and PromotePlanID are '' without a running promotion. */
export const goodsRow = z.object({
  GoodsID: str,
  GoodsCode: str,
  GoodsName: str,
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
  /** Issue 29: allergens, diets and spice with the required options folded in (shared/domain/diet.ts); absent when nothing is stated. */
  Diet: str.optional(),
  /** Issue 29: the goods it goes well with, ids joined by ',' (at most 8); absent when none. */
  Pairs: str.optional(),
});

/** A row of the whole-menu list: only what the list shows (remarks and sort come with the goods detail). */
export const goodsListRow = goodsRow.omit({ Sort: true, GoodsRemarks: true });

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
  /** Issue 29: the sku's own allergens, diets and spice (shared/domain/diet.ts); absent when nothing is stated. */
  Diet: str.optional(),
});

export const packUnitRow = z.object({
  PCode: str,
  PUnit: str,
  /** Main units per pack. */
  Ref: dec,
  Price: dec,
  SalesPrice: dec,
});

export const bomGroupRow = z.object({
  BOMClassID: str,
  ClassName: str,
  /**
   * 0 required (choose exactly SelectQua), 1 optional (up to SelectQua); since
   * issue 27 a group chooses SelectMin to SelectQua, and SelectType is 0 when
   * SelectMin >= 1 (a reader without SelectMin choosing exactly SelectQua, or
   * up to it, still chooses within the limits).
   */
  SelectType: bit,
  /** The most parts. */
  SelectQua: z.number(),
  /** Issue 27: the fewest parts (0 to SelectQua); absent: SelectQua when SelectType is 0, else 0. */
  SelectMin: z.number().optional(),
  Sort: z.number(),
});

export const bomItemRow = z.object({
  BOMClassID: str,
  GoodsID: str,
  GoodsName: str,
  /** Surcharge for choosing the part. */
  BOMAmo: dec,
  BOMQua: dec,
  BOMGoodsPUnit: str,
  IsDefault: bit,
  SoldOut: bit,
  Pic: str,
  /** Issue 29: the part's own allergens, diets and spice (shared/domain/diet.ts); absent when nothing is stated. */
  Diet: str.optional(),
});

export const chargingRow = z.object({
  OptionID: str,
  Value: str,
  /** List price. */
  Value2: dec,
  /** Current price. */
  Value3: dec,
  Sort: z.number(),
  /** Issue 29 (a goods' add-ons only): the add-on's allergens, diets and spice (shared/domain/diet.ts); absent when nothing is stated. */
  Diet: str.optional(),
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
  PosType: str,
  Logo: str,
  Notice: str,
});

export const externalBaseRow = z.object({
  BaseID: str,
  ShopID: str,
  BaseName: str,
  BaseCode: str,
  CYType: str,
  BusinessMode: str,
  PayMode: str,
});

// Sheet rows (server: operations/orders/sheet.ts) ----------------------------------------

export const sheetHeadRow = z.object({
  SheetID: str,
  /** 0 open, 1 paid (prepay), 2 closed/cancelled, 3 checked out. */
  Status: z.number(),
  /** ISO date-time, UTC. */
  CreatedDate: str,
  TableID: str,
  /** The table's name ('' for none): what the customer reads, never the TableID. */
  TableName: str,
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
  /** Plastic bag fee (takeout), part of TotalAmo. */
  BagAmo: dec,
  /** 'dinein' | 'pickup' | 'delivery'. */
  TakeType: str,
  /** When the customer takes it (ISO, UTC); '' as soon as possible. */
  TakeTime: str,
  /** placed | preparing | ready | delivering | completed (domain/orderStates.ts). */
  Progress: str,
  /** 0 unpaid, 1 paying, 2 paid, 3 refunded. */
  PayStatus: z.number(),
  /** 1 when pay on delivery / at the counter was chosen. */
  IsPayLater: bit,
  /** 'prepay', or 'postpay': a dine-in table's shared sheet that rounds are added to. */
  PayMode: str,
  /** The state a customer sees (orderStates.displayState). */
  DisplayState: str,
  RoundCount: z.number(),
  /** A pickup or delivery order's number of its outlet's day ('023'); '' for a table's sheet (absent from services before issue 26). */
  PickupNo: str.optional(),
  /** 1 while someone at the table is settling the postpay sheet online (no more rounds). */
  Settling: bit,
  /** 1 when the caller ordered on the sheet (its owner, or a round's). */
  Mine: bit,
  ...billHead,
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
  /** 1 when the caller's session ordered the line's round. */
  Mine: bit,
  ...billLine,
  /** 1 when staff voided the line (issue 26 section 5): it stays on the sheet, out of its totals. Absent from servers that do not void: 0. */
  IsVoid: bit.optional(),
  /** Why, in the caller's language ('' when not voided). */
  VoidReason: str.optional(),
  /** A pack line's price per pack and main units per pack (issue 29: "Order again" compares them with today's). Absent from older services. */
  PUnitPrice: dec.optional(),
  Ref: dec.optional(),
});

/** One round of ordering on a sheet (a prepay sheet has one). */
export const sheetRoundRow = z.object({
  RoundNo: z.number(),
  /** The round's total. */
  RoundAmo: dec,
  /** The round's own remark, as its orderer wrote it. */
  Remark: str,
  CreatedDate: str,
  /** 1 when the caller's session ordered the round (whose it is otherwise is not said). */
  Mine: bit,
  /** The round's own progress in the kitchen: placed | preparing | ready | delivering | completed (domain/rounds.ts). */
  Progress: str,
  /** The same as the kitchen names it: new | preparing | ready | served. */
  KitchenState: z.enum(KITCHEN_STATES),
});
/** Who ordered each round, as everyone at the table sees it (table4 of the sheet detail): a member's name, or '' and the guest's place at the table ("Guest 2"). */
export const roundAuthorRow = z.object({ RoundNo: z.number(), ByName: str, ByPlace: z.number() });

// Payment rows (server: operations/payments/handlers.ts) -------------------------------------

/** A payment method of a shop: 'balance' (the member's stored value), 'sandbox' (third party), 'paylater' (on delivery or at the counter). */
export const payMethodRow = z.object({
  PayType: z.enum(PAY_TYPES),
  Name: str,
  NameTW: str,
  NameEN: str,
  Enabled: bit,
});

/** A payment as the app polls it. */
export const paymentStatusRow = z.object({
  PayID: str,
  SheetID: str,
  PayType: str,
  /** 'pending' until the provider answers; 'refunded' after a cancelled order's refund. */
  Status: z.enum(['pending', 'paid', 'cancelled', 'failed', 'refunded']),
  Amount: dec,
  /** ISO date-time (UTC) or ''. */
  PaidAt: str,
  /** The sheet's status and pay status now (SheetStatus, PayStatus of domain/orderStates). */
  SheetStatus: z.number(),
  PayStatus: z.number(),
  /**
   * Issue 28: what the payment covered, so "Try again" asks for the same: '' the whole sheet, 'rest',
   * 'share' (ShareN of ShareOf), 'amount' (Amount less TipAmo), 'units' (Units: the units of each line).
   */
  Part: z.enum(['', 'rest', 'share', 'amount', 'units']).optional(),
  ShareN: z.number().optional(),
  ShareOf: z.number().optional(),
  TipAmo: dec.optional(),
  Units: z.array(z.object({ LineID: z.number(), Qua: z.number() })).optional(),
});

// Order rows (server: operations/orders/handlers.ts, operations/orders/*) ---------------------

/** A quantity of a line: finite, 0 to 99,999. */
const lineQuantity = num.pipe(z.number().min(0).max(99_999));
/** A client figure (amount) to check against the server's. */
const clientAmount = num.pipe(z.number().min(0).max(999_999_999));

/** A list sent as itself or as JSON text ('' is an empty list). */
function listOrJson<T extends z.ZodType>(schema: T) {
  return z.union([
    schema,
    z
      .string()
      .max(8000)
      .transform((textValue, ctx) => {
        if (textValue.trim() === '') return [];
        try {
          return JSON.parse(textValue) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'expected a JSON list' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  ]);
}

/** A chosen bundle part: which part fills which bundle group. */
/** A remark (an order's, a line's): at most REMARK_MAX characters, the limit the app counts down (domain/remarks.ts). */
const remarkText = multiline(REMARK_MAX * 2).refine((v) => remarkLength(v) <= REMARK_MAX, `expected at most ${REMARK_MAX} characters`);

export const orderBomChoice = z.object({ BOMClassID: id, GoodsID: id });
/** A chosen add-on: its OptionID, or an attachment object carrying it. */
const orderOptionRef = z.union([z.object({ OptionID: id }).transform((o) => o.OptionID), id]);

/**
 * A line of an order submit (Item1). Prices and amounts are the client's
 * figures: only Amo is checked (against the server's own), the rest is
 * recomputed. A line sold by a pack unit names it in PUnit (the pack's
 * PUnit) and counts packs in PQua; loose main units are MQua.
 */
export const orderItemRow = z.object({
  ItemID: z.union([int, text(20)]).optional(),
  GoodsID: id,
  SkuID: optionalId.optional(),
  PUnit: text(40).optional(),
  Qua: lineQuantity.optional(),
  PQua: lineQuantity.optional(),
  MQua: lineQuantity.optional(),
  Ref: num.optional(),
  Price: num.optional(),
  PUnitPrice: num.optional(),
  SalesPrice: num.optional(),
  Amo: clientAmount,
  DisAmo: num.optional(),
  SalType: optionalId.optional(),
  Bom: listOrJson(z.array(orderBomChoice).max(30)).optional(),
  Attachments: listOrJson(z.array(orderOptionRef).max(30)).optional(),
  Remarks: z.union([remarkText, z.array(remarkText).max(10)]).optional(),
  /** Issue 28: the table cart's line this one is (a round sent from the table's cart; its author becomes the line's). */
  CartLineID: optionalId.optional(),
});

/** The header row of an order submit (tableData[0]); PROTOCOL.md's other fields are accepted and ignored. */
const orderSubmitRow = {
  ShopID: id,
  BaseID: id,
  /** '' when not at a table. */
  TableID: optionalId.optional(),
  /** '' for a new sheet; for a pay-after table, the table's open sheet. */
  SheetID: optionalId.optional(),
  /**
   * '1' takeout, '2' dine-in. PROTOCOL.md's capture sends neither this nor
   * TakeType: without them, dine-in at a table, delivery when an address or
   * a freight is sent, else pickup.
   */
  BusinessMode: z.union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)]).transform((v) => String(v) as '1' | '2').optional(),
  TakeType: z.enum(['dinein', 'pickup', 'delivery']).optional(),
  /** ISO date-time with a zone; '' as soon as possible. */
  TakeTime: text(40).optional(),
  CustName: text(40).optional(),
  CustPhone: text(20).optional(),
  CustProvince: text(60).optional(),
  CustCity: text(60).optional(),
  CustDistrict: text(60).optional(),
  CustMainAddress: text(200).optional(),
  CustHouseNumber: text(100).optional(),
  GPS_Lng: coordinate(180),
  GPS_Lat: coordinate(90),
  Remark: remarkText.optional(),
  /** Issue 29: the allergens the customer's menu filter avoids (shared/domain/diet.ts names, joined by ','); the kitchen's ticket and screen show them. */
  Allergens: text(200).optional(),
  /** A coupon by its code (typed at checkout) or by its id. */
  CardCode: text(40).optional(),
  CardID: optionalId.optional(),
  Count: num.optional(),
  Qua: num.optional(),
  SalesAmo: num.optional(),
  DisAmo: num.optional(),
  FeeAmo: num.optional(),
  BagAmo: num.optional(),
  CouponAmo: num.optional(),
  /** Checked against the server's total (of this round, for a pay-after table). */
  TotalAmo: clientAmount,
  /** The client's id of the order, made once per confirmed cart: the idempotency key. */
  LocalSheetID: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{8,64}$/, 'expected the client order id: a timestamp and 6 random digits'),
  /** Issue 28: a round sent from the table's cart names the cart's version it shows (refused when it moved: no second round). */
  TableCartVersion: int.pipe(z.number().int().min(0)).optional(),
  /** Accepted and ignored: the outlet decides (the answer's PayMode says what it did). */
  PosType: optionalId.optional(),
  PayMode: text(20).optional(),
};

const orderSubmit = {
  payload: payload(orderSubmitRow, { Item1: z.array(orderItemRow).min(1, 'Item1 needs at least one line').max(200) }).superRefine(
    ({ Item1 }, ctx) => {
      if (!Item1.some((l) => (l.PQua ?? 0) > 0 || (l.MQua ?? 0) > 0 || (l.PQua === undefined && l.MQua === undefined && (l.Qua ?? 0) > 0))) {
        ctx.addIssue({ code: 'custom', path: ['Item1'], message: 'needs at least one line with a quantity above 0' });
      }
    },
  ),
  result: z.object({
    table1: table({
      SheetID: str,
      LocalSheetID: str,
      /** 1 for a prepay order; the round on a pay-after table's sheet. */
      RoundNo: z.number(),
      Status: z.number(),
      PayStatus: z.number(),
      /** 'prepay' (pay now) or 'postpay' (the table's sheet, paid at the end). */
      PayMode: str,
      /** The sheet's total (all rounds). */
      TotalAmo: dec,
      /** This submit's total. */
      RoundAmo: dec,
      /** The sheet's creation, ISO (UTC). */
      CreatedDate: str,
    }),
  }),
};

export const freightRuleRow = z.object({
  Fee: dec,
  /** Least goods amount for delivery. */
  MinAmount: dec,
  RangeKm: dec,
  /** Goods amount from which delivery is free; '' never. */
  FreeAbove: str,
});

export const couponRow = z.object({
  CardID: str,
  CardCode: str,
  PlanID: str,
  PlanName: str,
  PlanNameTW: str,
  PlanNameEN: str,
  /** '1' cash, '2' discount, '3' voucher. */
  CardType: str,
  /** Cash and voucher: the amount off; discount: the percent paid (85 = 15% off). */
  FaceValue: dec,
  MinAmount: dec,
  BeginTime: str,
  EndTime: str,
  /** When it was used ('' unless used). */
  UsedTime: str,
  /** 0 not used, 1 used, 2 expired (an unused card past its end is 2). */
  Status: z.number(),
  /** 1 when it can be used on an order of the given amount now. */
  Usable: bit,
  /** Why not: '' or a message key (couponUnavailable, couponNotHere, couponMinimum, voucherMinimum). */
  Reason: str,
  /** The reason in the caller's language ('' when usable). */
  ReasonText: str,
  /** What the coupon takes off an order of the given amount ('' without an amount). */
  CouponAmo: str,
  Remark: str,
});

export const orderListRow = z.object({
  SheetID: str,
  CreatedDate: str,
  ShopID: str,
  ShopName: str,
  BaseID: str,
  BaseName: str,
  TableID: str,
  TableName: str,
  BusinessMode: str,
  TakeType: str,
  Status: z.number(),
  PayStatus: z.number(),
  Progress: str,
  IsPayLater: bit,
  PayMode: str,
  DisplayState: str,
  TotalAmo: dec,
  /** Lines on the sheet. */
  Count: z.number(),
  FirstGoodsName: str,
  /** The first line's goods picture (relative to OssCustomerDomain). */
  Pic: str,
});

export const deliveryRow = z.object({
  SheetID: str,
  TakeType: str,
  CustName: str,
  CustPhone: str,
  Address: str,
  TakeTime: str,
  Progress: str,
  DisplayState: str,
  FeeAmo: dec,
  /** The courier's name; '' in the demo. */
  Courier: str,
});

/** The header of a table's sheet in the merge preview. */
export const mergeHeadRow = z.object({
  SheetID: str,
  ShopID: str,
  BaseID: str,
  TableID: str,
  TableName: str,
  Status: z.number(),
  PayStatus: z.number(),
  CreatedDate: str,
  RoundCount: z.number(),
  SalesAmo: dec,
  DisAmo: dec,
  CouponAmo: dec,
  TotalAmo: dec,
  /** The outlet's IsPayLaterOnlineCheckout: '1' the table can settle online. */
  IsPayLaterOnlineCheckout: str,
  Settling: bit,
  DisplayState: str,
  ...billHead,
});

// Member rows (server: operations/auth/index.ts, operations/auth/*) -------------------

/** A member (or the session's guest) as sign-in, registration and the member pages answer it. */
export const memberRow = z.object({
  VipID: str,
  VipName: str,
  /** 0 not given (or male, in older records), 1 female, 2 male (the app maps the chat app's female, 2, to 1). */
  Sex: z.number(),
  /** Object key relative to OssCustomerDomain, e.g. 'UserHeadImg/2026/11/<random>.png'; '' without one. */
  HeadImg: str,
  /** The number without its area, e.g. '66123456'; '' without one. */
  Phone: str,
  /** Calling code, e.g. '853'. */
  AreaNo: str,
  /** 'YYYY-MM-DD' or ''. */
  Birthy: str,
  VipCode: str,
  Balance: dec,
  Score: dec,
  /** Coupons not used and not past their end. */
  CouponCount: z.number(),
  IsGuest: bit,
  EntID: str,
  /**
   * EntVip_EntVipDetailGet_V1_Get, registered members only: the code a counter
   * scans, '<VipCode>-<6 digits>', a new one each minute (the staff API
   * accepts the current and the previous minute's).
   */
  MemberCode: str.optional(),
  /** Seconds until MemberCode changes (1-60). */
  MemberCodeExpiresIn: z.number().optional(),
});

/** The service's own access token for a provider's user (EntVip_WebiteUserAccessToken_Get). */
export const openAccessRow = z.object({
  openid: str,
  unionid: str,
  /** Bound to this openid; valid ExpiresIn seconds; proves the openid to login and register. */
  accessToken: str,
  ExpiresIn: z.number(),
});

/** A provider's user as the service got it (EntVip_WebiteUserInfo_Get). Field names as the SPEC spells them. */
export const openUserInfoRow = z.object({
  openid: str,
  unionid: str,
  nikeName: str,
  /** Avatar URL ('' without one). */
  pic: str,
  /** 'area-number', e.g. '853-66123456'; '' when the provider shared none. */
  phone: str,
  /** The provider's value: 0 unknown, 1 male, 2 female. */
  sex: z.number(),
});

export const verificationSentRow = z.object({
  AreaNo: str,
  Phone: str,
  /** Seconds the code stays valid (600). */
  ExpiresIn: z.number(),
  /** Seconds before another code may be requested for this phone (60). */
  ResendIn: z.number(),
});

export const phoneSubmitRow = memberRow.extend({ SourceType: str });

export const smsAreaRow = z.object({ AreaNo: str, AreaName: str, AreaNameTW: str, AreaNameEN: str, Sort: z.number() });

export const scoreItemRow = z.object({
  ItemID: str,
  /** Points added (positive) or used (negative). */
  Score: dec,
  /** Points after the change. */
  Balance: dec,
  Remark: str,
  SheetID: str,
  /** ISO date-time, UTC. */
  CreatedDate: str,
});

export const accountItemRow = z.object({
  ItemID: str,
  /** 'recharge' | 'gift' | 'pay' | 'refund'. */
  Kind: str,
  /** Signed: money in positive, money out negative. */
  Amo: dec,
  /** Balance after. */
  Balance: dec,
  Remark: str,
  SheetID: str,
  CreatedDate: str,
});

export const rechargeRuleRow = z.object({ RuleID: str, Amo: dec, GiftAmo: dec, Sort: z.number() });

/** A signed upload (File_BatchFileNameGet_Add): POST the file as multipart to UploadUrl with these fields. */
export const uploadTicketRow = z.object({
  /** The object key: pass it as the form's `key`, then as HeadImg. */
  FileName: str,
  UploadUrl: str,
  Policy: str,
  OSSAccessKeyId: str,
  Signature: str,
  SuccessActionStatus: str,
  /** When the policy stops working (ISO). */
  Expiration: str,
});

/** A member's coupon (EntCard_VipCardList_Get). */
export const vipCardRow = z.object({
  CardID: str,
  CardCode: str,
  PlanID: str,
  PlanName: str,
  PlanNameTW: str,
  PlanNameEN: str,
  /** '1' cash, '2' discount, '3' voucher. */
  CardType: str,
  FaceValue: dec,
  MinAmount: dec,
  BeginTime: str,
  EndTime: str,
  /** 0 not used, 1 used, 2 expired (an unused card past its end is 2). */
  Status: z.number(),
  UsedTime: str,
  Remark: str,
});

/** A coupon plan of the enterprise (EntCard_EntCardPlanList_Get, EntCard_VipEntCardPlanDetail_Get). */
export const cardPlanRow = z.object({
  PlanID: str,
  PlanName: str,
  PlanNameTW: str,
  PlanNameEN: str,
  CardType: str,
  FaceValue: dec,
  MinAmount: dec,
  /** Days a claimed coupon stays valid. */
  ValidDays: z.number(),
  CanClaim: bit,
  /** 1 when the session's member has claimed it (0 without a member session). */
  Claimed: bit,
  Remark: str,
  /** How many the session's member has claimed (0 without a member session). */
  ClaimedCount: z.number(),
  /** How many one member may claim. */
  PerMemberLimit: z.number(),
  /** How many are left to claim; -1 without a limit. */
  Stock: z.number(),
});

export const vipAddressRow = z.object({
  AddressID: str,
  CustName: str,
  CustPhone: str,
  AreaNo: str,
  Province: str,
  City: str,
  District: str,
  MainAddress: str,
  HouseNumber: str,
  GPS_Lng: z.number().nullable(),
  GPS_Lat: z.number().nullable(),
  IsDefault: bit,
});

/** A region of the address picker (shared/domain/regions.ts), its name in the three languages and the caller's. */
export const areaRow = z.object({
  AreaID: str,
  ParentID: str,
  Level: z.number(),
  AreaName: str,
  AreaNameZH: str,
  AreaNameTW: str,
  AreaNameEN: str,
  HasChildren: bit,
});

/** What a position or an address text resolves to: the street, its region, a position on the street. */
export const addressResolutionRow = z.object({
  RegionID: str,
  Province: str,
  City: str,
  District: str,
  MainAddress: str,
  /** The street's name in each language (a typed address may use another than the caller's). */
  MainAddressZH: str,
  MainAddressTW: str,
  MainAddressEN: str,
  GPS_Lng: z.number(),
  GPS_Lat: z.number(),
  /** Metres from the asked position to the street ('' for a text). */
  Distance: str,
});

/** The fields of an address submit; the handler says which are missing (SPEC section 5 messages). */
const addressFields = {
  CustName: text(40).optional(),
  CustPhone: text(20).optional(),
  AreaNo: text(6).optional(),
  Province: text(60).optional(),
  City: text(60).optional(),
  District: text(60).optional(),
  MainAddress: text(200).optional(),
  HouseNumber: text(100).optional(),
  GPS_Lng: coordinate(180),
  GPS_Lat: coordinate(90),
  IsDefault: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
};

/** A top-up as VipRecharge_VipAccountRechargeSumbit_V3_Add starts it (SheetID is the top-up's id). */
export const rechargeStartRow = z.object({ SheetID: str, PayID: str, PayUrl: str, Amo: dec, GiftAmo: dec, Status: str });

/** Where a top-up stands: 'pending' | 'paid' | 'cancelled' | 'failed'; Balance is the member's balance now. */
export const rechargeStatusRow = rechargeStartRow.extend({ Balance: dec, PaidAt: str });

/** The shops a coupon can be used in (EntCard_CardDetailGet_V1_Get table2). */
export const couponShopRow = z.object({ ShopID: str, ShopName: str, ShopNameTW: str, ShopNameEN: str });

/** Issue 28: the table cart's head (TableCart_TableCartGet_Get table1): its version, the table's open sheet, the caller's place. */
const tableCartHead = { TableID: str, TableName: str, Version: n, SheetID: str, Count: n, TotalAmo: dec, MyPlace: n };
/**
 * A line of the table's cart, priced by the service in the reader's language
 * (ByName: a member's name, '' for a guest: "Guest {ByPlace}"; Mine 1: the
 * reader's own; SoldOut 1: it can no longer be ordered as it is).
 */
const tableCartLine = {
  LineID: str, GoodsID: str, SkuID: str, PUnit: str, PQua: dec, MQua: dec, Qua: dec, Ref: dec,
  Bom: str, Attachments: str, Remark: str, Version: n, ByName: str, ByPlace: n, Mine: n,
  GoodsName: str, SkuItems: str, Price: dec, PUnitPrice: dec, Amo: dec, SoldOut: n, CreatedDate: str,
  /** The line's choices as a sheet line's Detail (bomList, attachmentList, remarkList), their names in the reader's language. */
  Detail: str,
};
/** Issue 28: a table's call (Kind staff or bill), whether staff acknowledged it (AckName: who is on the way) and the seconds until it may be made again. */
const tableCallRow = { CallID: str, Kind: str, PayHow: str, CreatedDate: str, Acknowledged: n, AckName: str, CooldownSeconds: n };

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
  PosSalSheet_NewCYSendSheetSubmit_Add: orderSubmit,
  PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get: {
    payload: payload({ SheetID: id }),
    result: z.object({ table1: z.array(mergeHeadRow), table2: z.array(sheetItemRow), table3: z.array(sheetRoundRow) }),
  },
  PosSalSheet_CYSettleSheetSubmit_V2_Add: {
    /** TotalAmo: the total the app shows; refused (50010) unless it is the sheet's. */
    payload: payload({ SheetID: id, TotalAmo: clientAmount }),
    result: z.object({ table1: table({ SheetID: str, TotalAmo: dec, PayStatus: z.number(), Settling: bit }) }),
  },
  PosSalSheet_CYPosSalSheetSubmit_Add: orderSubmit,
  PosSalSheet_PosSalSheetSubmit_V9_Add: orderSubmit,
  PosSalSheet_PosSalSheetDetailGet_V2_Get: {
    payload: payload({ SheetID: id }),
    result: z.object({ table1: z.array(sheetHeadRow), table2: z.array(sheetItemRow), table3: z.array(sheetRoundRow), table4: z.array(roundAuthorRow) }),
  },
  PosSalSheet_PosSalSheetCloseSubmit_V5_Add: {
    /**
     * A customer's own order: cancelled whole. A table's running (pay-after)
     * sheet is the staff's to cancel (issue 22): there the caller withdraws a
     * round of their own the kitchen has not started, RoundNo, or without it
     * their latest such round (what an app that sends only SheetID gets).
     */
    payload: payload({ SheetID: id, RoundNo: page.optional() }),
    result: z.object({
      table1: table({
        SheetID: str,
        /** 2: closed (cancelled); a table's sheet stays 0 (open) while other rounds remain on it. */
        Status: z.number(),
        /** 3 when the payment was refunded, else unchanged (0 unpaid). */
        PayStatus: z.number(),
        RefundAmo: dec,
        /** Where the refund went: 'balance', 'sandbox' or '' (nothing was paid). */
        RefundTo: str,
        /** On a table's sheet: the round withdrawn. */
        RoundNo: z.number().optional(),
      }),
    }),
  },
  PosSalSheet_PosSalSheetListByPage_V4_Get: {
    payload: payload({ PageIndex: page.optional(), PageSize: page.pipe(z.number().max(50)).optional(), Status: int.optional() }),
    result: z.object({ table1: z.array(orderListRow), table2: totalCount }),
  },
  PosSalSheet_PosSalSheetAcctSubmit_V9_Add: {
    /** PayAmo: what the app shows as the amount to pay; refused (50010) unless it is the server's. */
    payload: payload({ SheetID: id, PayAmo: num, ...payPart }),
    result: z.object({
      table1: table({
        SheetID: str,
        PayID: str,
        PayAmo: dec,
        /** The member's balance after the payment. */
        Balance: dec,
        /** Points earned (1 per whole currency unit paid). */
        Score: z.number(),
        /** The sheet's status after: 1 paid, or 3 checked out for a pay-after table. */
        Status: z.number(),
        PayStatus: z.number(),
      }),
    }),
  },
  PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update: {
    payload: payload({ SheetID: id }),
    result: z.object({ table1: table({ SheetID: str, IsPayLater: z.literal(1) }) }),
  },
  /**
   * Issue 29: mails a paid order's itemised receipt to Email, in the caller's
   * language, with the company's Title and TaxNo when given. Auto (members): 1
   * mails every paid order's receipt there from now on, 0 stops it; left out,
   * the choice stays as it was.
   */
  PosSalSheet_ReceiptMailSubmit_Add: {
    payload: payload({ SheetID: id, Email: text(254), Title: text(100).optional(), TaxNo: text(40).optional(), Auto: flag.optional() }),
    result: z.object({ table1: table({ SheetID: str, Email: str, Auto: z.union([z.literal(0), z.literal(1)]) }) }),
  },
  /** The caller's receipt preference ('' and 0 for a guest or a member who set none): the receipt form starts from it. */
  PosSalSheet_ReceiptMailPrefGet_Get: {
    payload: payload({}),
    result: z.object({ table1: table({ Email: str, Auto: z.union([z.literal(0), z.literal(1)]), Title: str, TaxNo: str }) }),
  },
  ExpressDtbSheet_ExpressDtbSheetDetailGet_Get: { payload: payload({ SheetID: id }), result: z.object({ table1: z.array(deliveryRow) }) },
  Promote_AvailablePromoteGoodsGet_Get: {
    payload: payload({ ShopID: id, BaseID: optionalId.optional() }),
    result: z.object({ table1: z.array(promoteGoodsRow) }),
  },
  Table_BaseTablesListByPage_Get: {
    payload: payload({ BaseID: id, ...paging }),
    result: z.object({ table1: z.array(tableRow), table2: table({ TotalCount: z.number() }) }),
  },
  FreightRule_FreightRuleGet_Get: { payload: payload({ BaseID: id }), result: z.object({ table1: z.array(freightRuleRow) }) },
  Phone_VerificationGet_V2_Add: {
    payload: payload({ Phone: text(20), AreaNo: text(6).optional(), Purpose: z.enum(['login', 'change']).optional() }),
    result: z.object({ table1: z.array(verificationSentRow) }),
  },

  // Member ---------------------------------------------------------------------
  EntVip_EntVipLoginGet_V1_Get: {
    payload: payload({ OpenID: text(128), MinaID: optionalId.optional(), LoginType: int.optional(), AccessToken: text(500).optional() }),
    result: z.object({ table1: z.array(memberRow) }),
  },
  EntVip_EntVipPhoneSubmit_Add: {
    payload: payload({
      VipID: optionalId.optional(),
      Phone: text(20),
      Code: text(10),
      AreaNo: text(6).optional(),
      SourceType: z.enum(['VipPhoneVerify', 'VipPhoneChange']),
    }),
    result: z.object({ table1: z.array(phoneSubmitRow) }),
  },
  EntVip_EntVipRegisterSubmit_V2_Add: {
    payload: payload({
      Phone: text(20).optional(),
      Code: text(10).optional(),
      AreaNo: text(6).optional(),
      RegisterType: int.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
      OpenID: text(128).optional(),
      MinaID: optionalId.optional(),
      AccessToken: text(500).optional(),
      HeadImg: text(500).optional(),
      VipName: text(40).optional(),
      Birthy: text(20).optional(),
      Sex: int.optional(),
      ShopID: optionalId.optional(),
      BaseID: optionalId.optional(),
    }),
    result: z.object({ table1: z.array(memberRow) }),
  },
  /** Sign-out (issue 22): ends the caller's session (its row deleted, its cookie cleared); without one, nothing to end. */
  EntVip_EntVipLogout_Add: {
    payload: payload({}),
    result: z.object({ table1: table({ SignedOut: z.number() }) }),
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
  EntVip_WebiteUserAccessToken_Get: {
    payload: payload({ Code: text(200), Provider: z.enum(['chat', 'mpay', 'alipay', 'foodapp']).optional() }),
    result: z.object({ table1: z.array(openAccessRow) }),
  },
  EntVip_WebiteUserInfo_Get: {
    payload: payload({ AccessToken: text(500), OpenID: text(128) }),
    result: z.object({ table1: z.array(openUserInfoRow) }),
  },
  EntVip_EntVipDetailGet_V1_Get: { payload: payload({ VipID: optionalId.optional() }), result: z.object({ table1: z.array(memberRow) }) },
  EntVip_EntVipScoreItemsByPage_V1_Get: {
    payload: payload({ ...paging }),
    result: z.object({ table1: z.array(scoreItemRow), table2: totalCount }),
  },
  EntVip_EntVipSubmit_Update: {
    payload: payload({
      VipName: text(40).optional(),
      Sex: int.optional(),
      HeadImg: text(500).optional(),
      Birthy: text(20).optional(),
    }),
    result: z.object({ table1: z.array(memberRow) }),
  },
  VipAddress_VipAddressListByPage_Get: {
    payload: payload({ VipID: optionalId.optional(), ...paging }),
    result: z.object({ table1: z.array(vipAddressRow), table2: totalCount }),
  },
  VipAddress_VipAddressSubmit_Add: { payload: payload(addressFields), result: z.object({ table1: z.array(vipAddressRow) }) },
  VipAddress_VipAddressDetailGet_Get: { payload: payload({ AddressID: id }), result: z.object({ table1: z.array(vipAddressRow) }) },
  VipAddress_VipAddressSubmit_Update: {
    payload: payload({ AddressID: id, ...addressFields }),
    result: z.object({ table1: z.array(vipAddressRow) }),
  },
  VipAddress_VipAddressSubmit_Delete: { payload: payload({ AddressID: id }), result: z.object({ table1: table({ AddressID: str }) }) },

  // Favourites (issue 29 section 1) -----------------------------------------------
  /** The caller's favourite goods of ShopID still on its menu, the latest marked first (every phone of the member reads the same). */
  VipFavorite_VipFavoriteGoodsListGet_Get: {
    payload: payload({ ShopID: id }),
    result: z.object({ table1: z.array(z.object({ GoodsID: str })) }),
  },
  /** Marks (IsFavorite 1) or unmarks (0) one goods as the caller's favourite; again the same changes nothing. */
  VipFavorite_VipFavoriteGoodsSubmit_Update: {
    payload: payload({ GoodsID: id, IsFavorite: flag }),
    result: z.object({ table1: table({ GoodsID: str, IsFavorite: z.union([z.literal(0), z.literal(1)]) }) }),
  },

  // Recharge -------------------------------------------------------------------
  VipRecharge_VipRechargeRuleListByPage_Get: {
    payload: payload({ ...paging }),
    result: z.object({ table1: z.array(rechargeRuleRow), table2: totalCount }),
  },
  VipRecharge_VipAccountRechargeSumbit_V3_Add: { payload: payload({ RuleID: optionalId.optional(), Amo: num.optional() }), result: z.object({ table1: z.array(rechargeStartRow) }) },
  VipRecharge_EntVipAccountItemsListByPage_V2_Get: {
    payload: payload({ ...paging }),
    result: z.object({ table1: z.array(accountItemRow), table2: totalCount }),
  },
  VipRecharge_VipAccountRechargeStatus_V3_Get: { payload: payload({ SheetID: id }), result: z.object({ table1: z.array(rechargeStatusRow) }) },

  // Coupons --------------------------------------------------------------------
  EntCard_EntCardPlanList_Get: { payload: payload({ ...paging }), result: z.object({ table1: z.array(cardPlanRow), table2: totalCount }) },
  EntCard_ProvideVipCard_Add: { payload: payload({ PlanID: id }), result: z.object({ table1: z.array(vipCardRow) }) },
  EntCard_VipCardList_Get: {
    payload: payload({ Status: int.pipe(z.number().int().min(0).max(2)).optional(), ...paging }),
    result: z.object({ table1: z.array(vipCardRow), table2: totalCount }),
  },
  EntCard_CardDetailGet_V1_Get: {
    payload: payload({ CardID: optionalId.optional(), CardCode: text(40).optional(), Amo: clientAmount.optional(), BaseID: optionalId.optional() }).superRefine(({ tableData: [row] }, ctx) => {
      if (!row?.CardID && !row?.CardCode?.trim()) ctx.addIssue({ code: 'custom', path: ['tableData', 0, 'CardCode'], message: 'send CardID or CardCode' });
    }),
    result: z.object({ table1: z.array(couponRow), table2: z.array(couponShopRow).optional() }),
  },
  EntCard_ScreenVipAailableCard_V2_Get: {
    payload: payload({ Amo: clientAmount.optional(), BaseID: optionalId.optional() }),
    result: z.object({ table1: z.array(couponRow) }),
  },
  EntCard_VipEntCardPlanDetail_Get: { payload: payload({ PlanID: id }), result: z.object({ table1: z.array(cardPlanRow) }) },
  EntCard_ProvideVipCardDetail_Add: { payload: payload({ CardCode: text(40) }), result: z.object({ table1: z.array(couponRow) }) },
  EntCard_NYHVipCardQueryVerification_Add: { payload: payload({ CardCode: text(40) }), result: z.object({ table1: z.array(couponRow) }) },
  EntCard_NYHVipCardVerification_Update: { payload: payload({ CardCode: text(40), SheetID: optionalId.optional() }), result: z.object({ table1: z.array(couponRow) }) },

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
  HBBPos_AllGoodsClassGet_Get: { payload: payload({ ShopID: id, BaseID: optionalId.optional() }), result: z.object({ table1: z.array(goodsClassRow) }) },
  HBBPos_GoodsClass_GoodsList_V9_Get: {
    payload: payload({ ShopID: id, ClassID: optionalId.optional(), BaseID: optionalId.optional(), ...paging }),
    result: z.object({ table1: z.array(goodsListRow), table2: totalCount }),
  },
  EShop_GoodsDetailGet_V2_Get: {
    payload: payload({ GoodsID: id, ShopID: optionalId.optional() }),
    result: z.object({ table1: z.array(goodsDetailRow), table2: z.array(skuRow), table3: z.array(packUnitRow) }),
  },
  HBBPos_GoodsBomList_V3_Get: {
    /** Issue 27: with BaseID, the parts switched off at that outlet are left out. */
    payload: payload({ GoodsID: id, BaseID: optionalId.optional() }),
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
  Phone_SMSAreaGet_Get: { payload: payload({}), result: z.object({ table1: z.array(smsAreaRow) }) },
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
  Common_AddressResolutionGet_Get: {
    // Reverse geocoding (a position: the nearest street) or forward (an address text: where it is).
    payload: payload({ Address: text(300).optional(), GPS_Lng: coordinate(180), GPS_Lat: coordinate(90) }).superRefine(({ tableData: [row] }, ctx) => {
      if ((row?.GPS_Lng === undefined) !== (row?.GPS_Lat === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['tableData', 0, row?.GPS_Lng === undefined ? 'GPS_Lng' : 'GPS_Lat'], message: 'send both GPS_Lng and GPS_Lat, or neither' });
      }
      if (row?.GPS_Lng === undefined && !row?.Address?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['tableData', 0, 'Address'], message: 'send an Address or a position (GPS_Lng, GPS_Lat)' });
      }
    }),
    result: z.object({ table1: z.array(addressResolutionRow) }),
  },
  Area_BatchAreaSelectGet_Get: { payload: payload({ ParentID: optionalId.optional() }), result: z.object({ table1: z.array(areaRow) }) },
  Setting_SetHelpFeedbackAddSubmit_Add: {
    payload: payload({ FbContent: multiline(FEEDBACK_MAX_CHARS), FbType: int.optional() }),
    result: z.object({ table1: table({ FeedbackID: str, Occurrences: z.number() }) }),
  },

  // Bank -----------------------------------------------------------------------
  Finance_EntShopAccountGet_V2_Get: {
    payload: payload({ ShopID: optionalId.optional(), BaseID: optionalId.optional() }).superRefine(({ tableData: [row] }, ctx) => {
      if (!row?.ShopID && !row?.BaseID) ctx.addIssue({ code: 'custom', path: ['tableData', 0, 'ShopID'], message: 'send ShopID or BaseID' });
    }),
    result: z.object({ table1: z.array(payMethodRow) }),
  },
  Finance_PosPaySubmit_V5_Add: {
    /** TotalAmo: what the app shows as the amount to pay; refused (50010) unless it is the server's. */
    payload: payload({ SheetID: id, PayType: text(20).optional(), TotalAmo: num, ...payPart }),
    result: z.object({
      table1: table({ PayID: str, SheetID: str, PayUrl: str, Amount: dec, Status: z.literal('pending') }),
    }),
  },
  Finance_PaySubmit_V2_Update: {
    payload: payload({ SheetID: id, PayID: optionalId.optional() }),
    result: z.object({ table1: z.array(paymentStatusRow) }),
  },
  Finance_GetUserPayInfo_Get: {
    payload: payload({ Code: text(200).optional() }),
    result: z.object({ table1: table({ OpenID: str }) }),
  },

  // File -----------------------------------------------------------------------
  File_BatchFileNameGet_Add: {
    payload: payload({
      ClassID: text(40).optional(),
      FileName: text(200),
      /** Bytes, 0-5242880; a larger file is refused with 'The file is larger than 5 MB.' */
      FileSize: int.pipe(z.number().int().min(0)),
      FileType: text(60),
      ImgWidth: int.optional(),
      ImgHeight: int.optional(),
      SourceName: text(200).optional(),
    }),
    result: z.object({ table1: z.array(uploadTicketRow) }),
  },

  // The table together (issue 28) ----------------------------------------------
  TableCart_TableCartGet_Get: {
    payload: payload({ TableID: id }),
    result: z.object({ table1: table(tableCartHead), table2: table(tableCartLine) }),
  },
  TableCart_TableCartLineSet_Update: {
    payload: payload({
      TableID: id,
      /** '' (or absent): a new line (one identical to one of the caller's adds to it). */
      LineID: optionalId.optional(),
      GoodsID: optionalId.optional(),
      SkuID: optionalId.optional(),
      PUnit: text(40).optional(),
      /** The line's quantities as they should be (0 and 0 remove it); with Version, the line's version they were read at. */
      PQua: lineQuantity.optional(),
      MQua: lineQuantity.optional(),
      /** Or: one more (1) or one less (-1), of packs when the line has a pack unit: never loses another phone's change. */
      Delta: int.pipe(z.number().int().min(-99).max(99)).optional(),
      Version: int.optional(),
      Bom: listOrJson(z.array(orderBomChoice).max(30)).optional(),
      Attachments: listOrJson(z.array(orderOptionRef).max(30)).optional(),
      Remark: remarkText.optional(),
      /** Changing another diner's line: the phone asked and they agreed. */
      Confirm: flag.optional(),
    }),
    result: z.object({ table1: table({ LineID: str, Version: n, CartVersion: n, Removed: n }) }),
  },
  TableCall_TableCallSubmit_Add: {
    payload: payload({ TableID: id, Kind: z.enum(['staff', 'bill']), PayHow: z.enum(['', 'online', 'card', 'cash']).optional() }),
    result: z.object({ table1: table(tableCallRow) }),
  },
  TableCall_TableCallGet_Get: {
    payload: payload({ TableID: id }),
    result: z.object({ table1: table(tableCallRow) }),
  },
} satisfies Record<OperationName, { payload: z.ZodType; result: z.ZodType }>;

export const schemas: { [K in OperationName]: (typeof P)[K] } = P;

export type PayloadOf<K extends OperationName> = z.output<(typeof P)[K]['payload']>;
/** What a client writes into strJsonData (before normalisation). */
export type PayloadInput<K extends OperationName> = z.input<(typeof P)[K]['payload']>;
export type ResultOf<K extends OperationName> = z.output<(typeof P)[K]['result']>;
/** What a handler answers: the result schema's input (before its transforms), which the gateway checks under tests. */
export type ResultInput<K extends OperationName> = z.input<(typeof P)[K]['result']>;

