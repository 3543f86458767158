/**
 * Demo data: a Macau restaurant group (MOP, Asia/Macau) and the platform's
 * default guest entity. Rows are typed to the columns of
 * migrations/001_init.sql (snake_case, one interface per table); seed/index.ts
 * inserts them in foreign-key order.
 *
 * Most tables are constants. Rows whose meaning depends on the clock (the
 * closed outlet's opening hours, the promotion, coupons, member history) are
 * built by `timedRows(now)` from the `now` the caller passes in.
 *
 * Id scheme (12 characters unless noted; the real service uses long digit strings):
 *   enterprise 881…, user 888…, shop 889…, base 005…, dining table 006<base 4><nn>,
 *   goods class 885…, goods 886000<pic no>, sku 8870000<pic no><n>,
 *   bundle group 8840000<pic no><n>, add-on 883…, promote plan 882…,
 *   card plan 880…, card 879…, recharge rule 878…, address 877…, sheet 876…,
 *   vip 'VIP' + 10 digits, region: the Macau administrative codes 82xxxx.
 * Goods pictures: public/oss/goods/g<pic no>.svg, stored in goods.pic as
 * 'goods/g<pic no>.svg' (relative to the enterprise oss_domain '/oss/').
 *
 * OpeningHours (base_parm.parm_value, JSON as text):
 *   {"times":[{"begin":"HH:mm","end":"HH:mm"}],
 *    "weekDays":[1,2,3,4,5,6,7],                      // 1 Monday … 7 Sunday
 *    "dateRanges":[{"begin":"YYYY-MM-DD HH:mm","end":"YYYY-MM-DD HH:mm"}]}
 * Times and date-times are local (the enterprise time zone, Asia/Macau). An
 * empty array means no restriction; otherwise the outlet is open only when the
 * local time is inside one of the time ranges AND the weekday is listed AND
 * the local date-time is inside one of the date ranges. A time range whose end
 * is earlier than its begin crosses midnight (18:00-02:00); 00:00-00:00 and
 * 00:00-23:59 mean the whole day. base.begin_time/end_time repeat the first
 * time range ('' when there is none).
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { DEMO_IDENTITY_USERS, IDENTITY_PROVIDERS } from '../../providers/identity';
import { serviceChargeMinor } from '../../../shared/domain/orderTotals';

// Row types -------------------------------------------------------------------

export type Tri = readonly [zhCN: string, zhTW: string, en: string];

export interface EnterpriseRow {
  ent_id: string;
  ent_name: string;
  user_id: string;
  user_name: string;
  user_code: string;
  currency: string;
  currency_symbol: string;
  amo_point: number;
  discount_point: number;
  pqua_point: number;
  price_point: number;
  qua_point: number;
  time_zone: string;
  oss_domain: string;
  logo: string;
}
export interface ParmRow {
  parm_id: string;
  parm_value: string;
}
export interface EntParmRow extends ParmRow {
  ent_id: string;
}
export interface BaseParmRow extends ParmRow {
  base_id: string;
}
export interface ShopRow {
  shop_id: string;
  ent_id: string;
  shop_name: string;
  shop_name_tw: string;
  shop_name_en: string;
  pos_type: number;
  parent_shop_id: string | null;
  mina_app_id: string;
  mina_id: string;
  logo: string;
  notice: string;
  sort: number;
}
export interface BaseRow {
  base_id: string;
  ent_id: string;
  shop_id: string;
  base_name: string;
  base_name_tw: string;
  base_name_en: string;
  base_code: string;
  business_mode: number;
  cy_type: string;
  begin_time: string;
  end_time: string;
  web_order_duration: number;
  pay_mode: 'prepay' | 'postpay';
  address: string;
  phone: string;
  gps_lng: number;
  gps_lat: number;
  base_class: number;
  sort: number;
  /** Issue 28: the service charge in basis points (1000 = 10 %). */
  service_charge_bp?: number;
  /** Issue 28: the outlet offers a tip at payment. */
  tip_enabled?: boolean;
}
export interface DiningTableRow {
  table_id: string;
  base_id: string;
  table_name: string;
  table_code: string;
  qr_code: string;
  seats: number;
  sort: number;
}
export interface FreightRuleRow {
  base_id: string;
  fee: number;
  min_amount: number;
  range_km: number;
  free_above: number | null;
}
export interface GoodsClassRow {
  class_id: string;
  ent_id: string;
  shop_id: string;
  class_name: string;
  class_name_tw: string;
  class_name_en: string;
  sort: number;
  /** Offered for '0' every way of ordering, '1' takeout only, '2' dine-in only (migrations/016). */
  business_mode: string;
}
export interface GoodsRow {
  goods_id: string;
  ent_id: string;
  shop_id: string;
  class_id: string;
  goods_code: string;
  goods_name: string;
  goods_name_tw: string;
  goods_name_en: string;
  goods_type: number;
  sku_type: number;
  unit: string;
  price: number;
  sales_price: number;
  pic: string;
  remarks: string;
  remarks_tw: string;
  remarks_en: string;
  sku_attributes: string;
  sku_attribute_values: string;
  sold_out: boolean;
  is_home: boolean;
  bag_count: number;
  sort: number;
}
export interface GoodsSkuRow {
  sku_id: string;
  goods_id: string;
  sku_code: string;
  sku_items: string;
  price: number;
  sales_price: number;
  sold_out: boolean;
  sort: number;
}
export interface GoodsPunitRow {
  goods_id: string;
  pcode: string;
  punit: string;
  punit_tw: string;
  punit_en: string;
  ref: number;
  price: number;
  sales_price: number;
}
export interface GoodsBomClassRow {
  bom_class_id: string;
  goods_id: string;
  class_name: string;
  class_name_tw: string;
  class_name_en: string;
  select_type: 0 | 1;
  select_qua: number;
  sort: number;
}
export interface GoodsBomItemRow {
  bom_class_id: string;
  goods_id: string;
  bom_amo: number;
  bom_qua: number;
  bom_punit: string;
  is_default: boolean;
  sort: number;
}
export interface GoodsChargingRow {
  option_id: string;
  ent_id: string;
  shop_id: string;
  value: string;
  value_tw: string;
  value_en: string;
  price: number;
  sales_price: number;
  sort: number;
}
export interface GoodsChargingLinkRow {
  goods_id: string;
  option_id: string;
}
export interface PromotePlanRow {
  plan_id: string;
  ent_id: string;
  shop_id: string;
  plan_name: string;
  begin_at: Date;
  end_at: Date;
  week_days: string;
  limit_qua: number | null;
}
export interface PromoteGoodsRow {
  plan_id: string;
  goods_id: string;
  sku_id: string;
  promote_price: number;
}
export interface VipRow {
  vip_id: string;
  ent_id: string;
  vip_name: string;
  sex: number;
  head_img: string;
  area_no: string;
  phone: string;
  birthy: string | null;
  is_guest: boolean;
  balance: number;
  score: number;
  vip_code: string;
  created_at: Date;
}
export interface VipOpenIdRow {
  provider: string;
  mina_id: string;
  open_id: string;
  vip_id: string;
  union_id: string;
}
export interface VipAccountItemRow {
  vip_id: string;
  kind: 'recharge' | 'gift' | 'pay' | 'refund';
  amount: number;
  balance: number;
  sheet_id: string;
  remark: string;
  created_at: Date;
}
export interface VipScoreItemRow {
  vip_id: string;
  score: number;
  balance: number;
  sheet_id: string;
  remark: string;
  created_at: Date;
}
export interface VipAddressRow {
  address_id: string;
  vip_id: string;
  cust_name: string;
  cust_phone: string;
  area_no: string;
  province: string;
  city: string;
  district: string;
  main_address: string;
  house_number: string;
  gps_lng: number | null;
  gps_lat: number | null;
  is_default: boolean;
  created_at: Date;
}
export interface RechargeRuleRow {
  rule_id: string;
  ent_id: string;
  amount: number;
  gift: number;
  sort: number;
}
export interface CardPlanRow {
  plan_id: string;
  ent_id: string;
  plan_name: string;
  plan_name_tw: string;
  plan_name_en: string;
  card_type: 1 | 2 | 3;
  face_value: number;
  min_amount: number;
  valid_days: number;
  can_claim: boolean;
  remark: string;
}
export interface VipCardRow {
  card_id: string;
  card_code: string;
  plan_id: string;
  vip_id: string | null;
  status: 0 | 1 | 2;
  begin_at: Date;
  end_at: Date;
  used_sheet_id: string;
  used_at: Date | null;
}
export interface SmsAreaRow {
  area_no: string;
  area_name: string;
  area_name_tw: string;
  area_name_en: string;
  sort: number;
}
export interface RegionRow {
  region_id: string;
  parent_id: string | null;
  name: string;
  name_tw: string;
  name_en: string;
  level: number;
}
export interface ServiceLinkRow {
  link_key: string;
  link_value: string;
}
export interface ShopAccountRow {
  shop_id: string;
  base_id: string;
  pay_type: 'balance' | 'sandbox' | 'paylater';
  enabled: boolean;
  sort: number;
}

export interface SheetRow {
  sheet_id: string;
  ent_id: string;
  shop_id: string;
  base_id: string;
  table_id: string | null;
  vip_id: string | null;
  local_sheet_id: string | null;
  pos_type: number;
  business_mode: number;
  status: number;
  pay_status: number;
  is_pay_later: boolean;
  sales_amo: number;
  dis_amo: number;
  fee_amo: number;
  coupon_amo: number;
  /** Issue 28: the service charge, part of total_amo. */
  service_amo: number;
  total_amo: number;
  remark: string;
  cust_name: string;
  cust_phone: string;
  cust_address: string;
  take_time: Date | null;
  created_at: Date;
  updated_at: Date;
}
export interface SheetItemRow {
  sheet_id: string;
  item_id: number;
  round_no: number;
  goods_id: string;
  sku_id: string;
  punit: string;
  goods_name: string;
  sku_items: string;
  qua: number;
  pqua: number;
  mqua: number;
  price: number;
  sales_price: number;
  amo: number;
  dis_amo: number;
  sal_type: number;
  detail: string;
}

export interface OpeningHours {
  times: { begin: string; end: string }[];
  weekDays: number[];
  dateRanges: { begin: string; end: string }[];
}

// Ids ---------------------------------------------------------------------------

export const GUEST_ENT_ID = '881000000009';
export const GUEST_USER_ID = '888000000009';
export const GUEST_USER_NAME = 'walk-in guest';
export const ENT_ID = '881000000101';
export const USER_ID = '888000000101';

export const SHOP = {
  main: '889000000101',
  district: '889000000200',
  eggTart: '889000000211',
  noodle: '889000000212',
  porkChopBun: '889000000213',
} as const;

export const BASE = {
  dineIn: '005000000101',
  lateNight: '005000000102',
  quick: '005000000103',
  closed: '005000000104',
  eggTart: '005000000211',
  noodle: '005000000212',
  porkChopBun: '005000000213',
} as const;

export const VIP = { chan: 'VIP0000000001', lee: 'VIP0000000002' } as const;

const OSS_DOMAIN = '/oss/';
const tableId = (baseId: string, n: number) => `006${baseId.slice(-7)}${String(n).padStart(2, '0')}`;
const goodsId = (picNo: string) => `886000${picNo.padStart(6, '0')}`;
const skuId = (picNo: string, n: number) => `8870000${picNo}${n}`;
const bomClassId = (picNo: string, n: number) => `8840000${picNo}${n}`;
const pic = (picNo: string) => `goods/g${picNo}.svg`;

// Enterprises -------------------------------------------------------------------

const NUMBER_FORMATS = { amo_point: 2, discount_point: 0, pqua_point: 0, price_point: 2, qua_point: 0 } as const;

export const ENTERPRISES: readonly EnterpriseRow[] = [
  {
    ent_id: GUEST_ENT_ID,
    ent_name: 'HBB Platform',
    user_id: GUEST_USER_ID,
    user_name: GUEST_USER_NAME,
    user_code: '0009',
    currency: 'MOP',
    currency_symbol: 'MOP$',
    ...NUMBER_FORMATS,
    time_zone: 'Asia/Macau',
    oss_domain: OSS_DOMAIN,
    logo: '',
  },
  {
    ent_id: ENT_ID,
    ent_name: 'Macau Harbour Kitchen Group',
    user_id: USER_ID,
    user_name: 'Harbour Kitchen',
    user_code: '0101',
    currency: 'MOP',
    currency_symbol: 'MOP$',
    ...NUMBER_FORMATS,
    time_zone: 'Asia/Macau',
    oss_domain: OSS_DOMAIN,
    logo: '',
  },
];

export const ENT_PARMS: readonly EntParmRow[] = [
  { ent_id: ENT_ID, parm_id: 'AppLanguage', parm_value: 'LANGUAGE_ZH_TD' },
  { ent_id: ENT_ID, parm_id: 'CYSheetGoodsQuaEdit', parm_value: '1' },
];

// Shops -------------------------------------------------------------------------

const shop = (
  shop_id: string,
  [shop_name, shop_name_tw, shop_name_en]: Tri,
  pos_type: number,
  parent_shop_id: string | null,
  sort: number,
  notice = '',
): ShopRow => ({
  shop_id,
  ent_id: ENT_ID,
  shop_name,
  shop_name_tw,
  shop_name_en,
  pos_type,
  parent_shop_id,
  // The demo enterprise's chat-app official account (the sandbox chat provider takes any well-formed id).
  mina_app_id: 'wxhbbdemo0001',
  mina_id: '',
  logo: '',
  notice,
  sort,
});

/** In insertion order: a parent before the shops that reference it. */
export const SHOPS: readonly ShopRow[] = [
  shop(SHOP.main, ['港湾厨房', '港灣廚房', 'Harbour Kitchen'], 0, null, 1, '外賣膠袋每個收費 MOP$1 / Plastic bag fee MOP$1 per bag'),
  shop(SHOP.district, ['氹仔美食广场', '氹仔美食廣場', 'Taipa Food Court'], 5, null, 2),
  shop(SHOP.eggTart, ['官也街蛋挞屋', '官也街蛋撻屋', 'Cunha Egg Tart House'], 2, SHOP.district, 1),
  shop(SHOP.noodle, ['氹仔老街面家', '氹仔老街麵家', 'Old Taipa Noodle House'], 7, SHOP.district, 2),
  shop(SHOP.porkChopBun, ['海港猪扒包', '海港豬扒包', 'Harbour Pork Chop Bun'], 2, SHOP.district, 3),
];

// Bases (outlets) ------------------------------------------------------------------

export const ALWAYS_OPEN: OpeningHours = { times: [{ begin: '00:00', end: '00:00' }], weekDays: [], dateRanges: [] };
export const ALL_DAY: OpeningHours = { times: [{ begin: '00:00', end: '23:59' }], weekDays: [], dateRanges: [] };
export const LATE_NIGHT: OpeningHours = { times: [{ begin: '18:00', end: '02:00' }], weekDays: [], dateRanges: [] };
const CLOSED_REGULAR_HOURS: OpeningHours = { times: [{ begin: '11:00', end: '22:00' }], weekDays: [], dateRanges: [] };
/** The closed outlet: regular hours, but only within a date range that ended 30 days before `now`. */
export function closedHours(now: Date): OpeningHours {
  const local = DateTime.fromJSDate(now).setZone('Asia/Macau');
  const fmt = 'yyyy-MM-dd HH:mm';
  return {
    ...CLOSED_REGULAR_HOURS,
    dateRanges: [{ begin: local.minus({ days: 90 }).startOf('day').toFormat(fmt), end: local.minus({ days: 30 }).set({ hour: 23, minute: 59 }).toFormat(fmt) }],
  };
}

interface BaseSpec {
  id: string;
  shop: string;
  name: Tri;
  code: string;
  businessMode: number;
  cyType: string;
  hours: OpeningHours;
  webOrderDuration: number;
  payMode: 'prepay' | 'postpay';
  payLater: '0' | '1';
  address: string;
  phone: string;
  lat: number;
  lng: number;
  sort: number;
  /** Table code prefix and count; the QR code is `${qrPrefix}-` and 80 random bits (tableQrCode), drawn at seeding. */
  tables: { prefix: string; count: number; qrPrefix: string; seats: number };
}

const BASE_SPECS: readonly BaseSpec[] = [
  {
    id: BASE.dineIn,
    shop: SHOP.main,
    name: ['港湾厨房·新马路店', '港灣廚房·新馬路店', 'Harbour Kitchen San Ma Lo'],
    code: 'HBK01',
    businessMode: 2,
    cyType: '0',
    hours: ALWAYS_OPEN,
    webOrderDuration: 120,
    payMode: 'postpay',
    payLater: '1',
    address: '澳門新馬路 123 號地下',
    phone: '28123456',
    lat: 22.1936,
    lng: 113.5405,
    sort: 1,
    tables: { prefix: 'A', count: 14, qrPrefix: 'HBK', seats: 4 },
  },
  {
    id: BASE.lateNight,
    shop: SHOP.main,
    name: ['港湾厨房·氹仔宵夜店', '港灣廚房·氹仔宵夜店', 'Harbour Kitchen Taipa Late Night'],
    code: 'HBK02',
    businessMode: 2,
    cyType: '0',
    hours: LATE_NIGHT,
    webOrderDuration: 90,
    payMode: 'postpay',
    payLater: '0',
    address: '澳門氹仔官也街 18 號',
    phone: '28823456',
    lat: 22.1553,
    lng: 113.5577,
    sort: 2,
    tables: { prefix: 'B', count: 6, qrPrefix: 'HBK', seats: 4 },
  },
  {
    id: BASE.quick,
    shop: SHOP.main,
    name: ['港湾快餐·高士德店', '港灣快餐·高士德店', 'Harbour Express Horta e Costa'],
    code: 'HBK03',
    businessMode: 0,
    cyType: '1',
    hours: ALL_DAY,
    webOrderDuration: 0,
    payMode: 'prepay',
    payLater: '0',
    address: '澳門高士德大馬路 45 號',
    phone: '28523456',
    lat: 22.2041,
    lng: 113.5446,
    sort: 3,
    tables: { prefix: 'C', count: 4, qrPrefix: 'HBK', seats: 2 },
  },
  {
    id: BASE.closed,
    shop: SHOP.main,
    name: ['港湾厨房·路环店（装修中）', '港灣廚房·路環店（裝修中）', 'Harbour Kitchen Coloane (closed for renovation)'],
    code: 'HBK04',
    businessMode: 2,
    cyType: '0',
    hours: CLOSED_REGULAR_HOURS, // plus a past date range: see closedHours(now)
    webOrderDuration: 120,
    payMode: 'postpay',
    payLater: '0',
    address: '澳門路環市區十月初五馬路 9 號',
    phone: '28883456',
    lat: 22.1178,
    lng: 113.5547,
    sort: 4,
    tables: { prefix: 'D', count: 2, qrPrefix: 'HBK', seats: 4 },
  },
  {
    id: BASE.eggTart,
    shop: SHOP.eggTart,
    name: ['官也街蛋挞屋·美食广场档', '官也街蛋撻屋·美食廣場檔', 'Cunha Egg Tart House (Food Court)'],
    code: 'TFC11',
    businessMode: 0,
    cyType: '1',
    hours: ALL_DAY,
    webOrderDuration: 0,
    payMode: 'prepay',
    payLater: '0',
    address: '澳門氹仔美食廣場 11 號舖',
    phone: '28820011',
    lat: 22.1560,
    lng: 113.5569,
    sort: 1,
    tables: { prefix: 'E', count: 2, qrPrefix: 'TFC', seats: 2 },
  },
  {
    id: BASE.noodle,
    shop: SHOP.noodle,
    name: ['氹仔老街面家·美食广场档', '氹仔老街麵家·美食廣場檔', 'Old Taipa Noodle House (Food Court)'],
    code: 'TFC12',
    businessMode: 0,
    cyType: '1',
    hours: ALL_DAY,
    webOrderDuration: 0,
    payMode: 'prepay',
    payLater: '0',
    address: '澳門氹仔美食廣場 12 號舖',
    phone: '28820012',
    lat: 22.1561,
    lng: 113.5570,
    sort: 2,
    tables: { prefix: 'N', count: 2, qrPrefix: 'TFC', seats: 2 },
  },
  {
    id: BASE.porkChopBun,
    shop: SHOP.porkChopBun,
    name: ['海港猪扒包·美食广场档', '海港豬扒包·美食廣場檔', 'Harbour Pork Chop Bun (Food Court)'],
    code: 'TFC13',
    businessMode: 0,
    cyType: '1',
    hours: ALL_DAY,
    webOrderDuration: 0,
    payMode: 'prepay',
    payLater: '0',
    address: '澳門氹仔美食廣場 13 號舖',
    phone: '28820013',
    lat: 22.1562,
    lng: 113.5571,
    sort: 3,
    tables: { prefix: 'P', count: 2, qrPrefix: 'TFC', seats: 2 },
  },
];

export const BASES: readonly BaseRow[] = BASE_SPECS.map((b) => ({
  base_id: b.id,
  ent_id: ENT_ID,
  shop_id: b.shop,
  base_name: b.name[0],
  base_name_tw: b.name[1],
  base_name_en: b.name[2],
  base_code: b.code,
  business_mode: b.businessMode,
  cy_type: b.cyType,
  begin_time: b.hours.times[0]?.begin ?? '',
  end_time: b.hours.times[0]?.end ?? '',
  web_order_duration: b.webOrderDuration,
  pay_mode: b.payMode,
  address: b.address,
  phone: b.phone,
  gps_lng: b.lng,
  gps_lat: b.lat,
  base_class: 0,
  sort: b.sort,
  // Issue 28: the two Harbour Kitchen table-service outlets charge 10 % service.
  service_charge_bp: b.id === BASE.dineIn || b.id === BASE.lateNight ? 1000 : 0,
  // Issue 28: Taipa offers a tip at payment (never preselected); San Ma Lo does not.
  tip_enabled: b.id === BASE.lateNight,
}));

/** Opening hours of every base but the closed one (its hours depend on `now`). */
export function baseParms(now: Date): BaseParmRow[] {
  return BASE_SPECS.flatMap((b) => [
    { base_id: b.id, parm_id: 'OpeningHours', parm_value: JSON.stringify(b.id === BASE.closed ? closedHours(now) : b.hours) },
    { base_id: b.id, parm_id: 'IsPayLaterOnlineCheckout', parm_value: b.payLater },
  ]);
}

/**
 * A table's QR code: a readable prefix and 80 random bits (16 characters of
 * base32). Codes are what the diners at a table have and a stranger must not
 * guess (issue 16): knowing one is scanning the table (http/tableScan.ts).
 */
export function tableQrCode(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${prefix}-${out}`;
}

/** The demo's tables, each with a fresh random QR code (one call per seeding). */
export function diningTables(): DiningTableRow[] {
  return BASE_SPECS.flatMap((b) =>
    Array.from({ length: b.tables.count }, (_, i) => {
      const code = `${b.tables.prefix}${String(i + 1).padStart(2, '0')}`;
      return {
        table_id: tableId(b.id, i + 1),
        base_id: b.id,
        table_name: code,
        table_code: code,
        qr_code: tableQrCode(b.tables.qrPrefix),
        seats: b.tables.seats,
        sort: i + 1,
      };
    }),
  );
}

/**
 * Payment methods linked to shops (migrations/004_payments.sql). The main
 * shop (all four outlets, the quick-service one included) takes the member
 * balance, the sandbox payment provider and pay later; the business
 * district's external shops have no payment account linked yet
 * ('Payment account has not been linked to this shop yet.').
 */
export const SHOP_ACCOUNTS: readonly ShopAccountRow[] = [
  { shop_id: SHOP.main, base_id: '', pay_type: 'balance', enabled: true, sort: 1 },
  { shop_id: SHOP.main, base_id: '', pay_type: 'sandbox', enabled: true, sort: 2 },
  { shop_id: SHOP.main, base_id: '', pay_type: 'paylater', enabled: true, sort: 3 },
];

export const FREIGHT_RULES: readonly FreightRuleRow[] = [
  { base_id: BASE.quick, fee: 8, min_amount: 50, range_km: 5, free_above: 200 },
];

// Goods classes ------------------------------------------------------------------

export const CLASS = {
  rice: '885000000101',
  noodles: '885000000102',
  snacks: '885000000103',
  soups: '885000000104',
  sets: '885000000105',
  drinks: '885000000106',
  desserts: '885000000107',
  extras: '885000000108',
  eggTartTarts: '885000002111',
  eggTartDrinks: '885000002112',
  noodleNoodles: '885000002121',
  noodleDrinks: '885000002122',
  bunSnacks: '885000002131',
  bunDrinks: '885000002132',
} as const;
type ClassKey = keyof typeof CLASS;

const goodsClass = (key: ClassKey, shop_id: string, [class_name, class_name_tw, class_name_en]: Tri, sort: number, business_mode = '0'): GoodsClassRow => ({
  class_id: CLASS[key],
  ent_id: ENT_ID,
  shop_id,
  class_name,
  class_name_tw,
  class_name_en,
  sort,
  business_mode,
});

export const GOODS_CLASSES: readonly GoodsClassRow[] = [
  goodsClass('rice', SHOP.main, ['招牌饭', '招牌飯', 'Signature Rice'], 1),
  goodsClass('noodles', SHOP.main, ['面食', '麵食', 'Noodles'], 2),
  goodsClass('snacks', SHOP.main, ['小食', '小食', 'Snacks'], 3),
  goodsClass('soups', SHOP.main, ['汤品', '湯品', 'Soups'], 4),
  goodsClass('sets', SHOP.main, ['套餐', '套餐', 'Set Meals'], 5),
  goodsClass('drinks', SHOP.main, ['饮品', '飲品', 'Drinks'], 6),
  goodsClass('desserts', SHOP.main, ['甜品', '甜品', 'Desserts'], 7),
  // Takeout only: not offered to a diner at a table (issue 23).
  goodsClass('extras', SHOP.main, ['外卖附加', '外賣附加', 'Takeaway Extras'], 8, '1'),
  goodsClass('eggTartTarts', SHOP.eggTart, ['蛋挞', '蛋撻', 'Tarts'], 1),
  goodsClass('eggTartDrinks', SHOP.eggTart, ['饮品', '飲品', 'Drinks'], 2),
  goodsClass('noodleNoodles', SHOP.noodle, ['面食', '麵食', 'Noodles'], 1),
  goodsClass('noodleDrinks', SHOP.noodle, ['饮品', '飲品', 'Drinks'], 2),
  goodsClass('bunSnacks', SHOP.porkChopBun, ['小食', '小食', 'Snacks'], 1),
  goodsClass('bunDrinks', SHOP.porkChopBun, ['饮品', '飲品', 'Drinks'], 2),
];

// Goods ----------------------------------------------------------------------------

export const GOODS_TYPE = { common: 0, bundle: 3, catering: 5, prescription: 6, byWeight: 7, bag: 9 } as const;
export const SKU_TYPE = { none: 0, single: 1, double: 2 } as const;

interface GoodsSpec {
  /** Picture number: the goods code on the main shop, 2<shop><n> on the food-court shops. */
  no: string;
  code?: string;
  shop?: string;
  cls: ClassKey;
  name: Tri;
  unit: string;
  price: number;
  sales?: number;
  remarks: Tri;
  type?: number;
  home?: boolean;
  bags?: number;
  soldOut?: boolean;
}

/** The main shop's menu: codes 101-159, and the bag ('BAG', picture 0160). */
const MAIN_MENU: readonly GoodsSpec[] = [
  // Signature rice
  { no: '0101', cls: 'rice', name: ['叉烧饭', '叉燒飯', 'BBQ Pork Rice'], unit: '碟', price: 48, remarks: ['蜜汁叉烧配白饭', '蜜汁叉燒配白飯', 'Honey-glazed BBQ pork on rice'], home: true, bags: 1 },
  { no: '0102', cls: 'rice', name: ['烧鹅饭', '燒鵝飯', 'Roast Goose Rice'], unit: '碟', price: 58, remarks: ['炭烧烧鹅配白饭', '炭燒燒鵝配白飯', 'Charcoal roast goose on rice'], home: true, bags: 1 },
  { no: '0103', cls: 'rice', name: ['海南鸡饭', '海南雞飯', 'Hainanese Chicken Rice'], unit: '碟', price: 52, remarks: ['油饭配白切鸡', '油飯配白切雞', 'Poached chicken with fragrant rice'] },
  { no: '0104', cls: 'rice', name: ['葡国鸡饭', '葡國雞飯', 'Portuguese Chicken Rice'], unit: '碟', price: 62, remarks: ['椰汁咖喱焗鸡', '椰汁咖喱焗雞', 'Baked chicken in coconut curry'], home: true, bags: 1 },
  { no: '0105', cls: 'rice', name: ['免治牛肉饭', '免治牛肉飯', 'Minchi Rice'], unit: '碟', price: 55, remarks: ['土生葡人家常菜，配煎蛋', '土生葡人家常菜，配煎蛋', 'Macanese minced beef with a fried egg'] },
  { no: '0106', cls: 'rice', name: ['咖喱牛腩饭', '咖喱牛腩飯', 'Curry Beef Brisket Rice'], unit: '碟', price: 58, sales: 52, remarks: ['慢炖牛腩，微辣', '慢燉牛腩，微辣', 'Slow-cooked brisket, mildly spicy'] },
  { no: '0107', cls: 'rice', name: ['猪扒饭', '豬扒飯', 'Pork Chop Rice'], unit: '碟', price: 50, remarks: ['香煎猪扒配洋葱汁', '香煎豬扒配洋蔥汁', 'Pan-fried pork chop with onion gravy'] },
  { no: '0108', cls: 'rice', name: ['滑蛋虾仁饭', '滑蛋蝦仁飯', 'Shrimp & Scrambled Egg Rice'], unit: '碟', price: 60, remarks: ['鲜虾仁炒滑蛋', '鮮蝦仁炒滑蛋', 'Fresh shrimp with silky eggs'] },
  { no: '0109', cls: 'rice', name: ['烧鹅（按斤）', '燒鵝（按斤）', 'Roast Goose by the Catty'], unit: '斤', price: 180, remarks: ['按重量计价，一斤约600克', '按重量計價，一斤約600克', 'Priced by weight; one catty is about 600 g'], type: GOODS_TYPE.byWeight },
  { no: '0110', cls: 'rice', name: ['白饭', '白飯', 'Steamed Rice'], unit: '碗', price: 8, remarks: ['丝苗白饭', '絲苗白飯', 'A bowl of jasmine rice'] },
  // Noodles
  { no: '0111', cls: 'noodles', name: ['云吞面', '雲吞麵', 'Wonton Noodles'], unit: '碗', price: 38, remarks: ['竹升面配鲜虾云吞', '竹昇麵配鮮蝦雲吞', 'Bamboo-pressed noodles with shrimp wontons'] },
  { no: '0112', cls: 'noodles', name: ['牛腩面', '牛腩麵', 'Beef Brisket Noodles'], unit: '碗', price: 45, remarks: ['清汤牛腩', '清湯牛腩', 'Beef brisket in clear broth'] },
  { no: '0113', cls: 'noodles', name: ['虾子捞面', '蝦子撈麵', 'Shrimp Roe Lo Mein'], unit: '碟', price: 42, remarks: ['每日限量', '每日限量', 'Limited each day'], soldOut: true },
  { no: '0114', cls: 'noodles', name: ['干炒牛河', '乾炒牛河', 'Beef Chow Fun'], unit: '碟', price: 58, remarks: ['镬气十足', '鑊氣十足', 'Wok-fried flat rice noodles with beef'], home: true },
  { no: '0115', cls: 'noodles', name: ['星洲炒米', '星洲炒米', 'Singapore Fried Vermicelli'], unit: '碟', price: 55, remarks: ['咖喱炒米粉，微辣', '咖喱炒米粉，微辣', 'Curry fried vermicelli, mildly spicy'] },
  { no: '0116', cls: 'noodles', name: ['鱼蛋河粉', '魚蛋河粉', 'Fish Ball Rice Noodles'], unit: '碗', price: 35, remarks: ['手打鱼蛋', '手打魚蛋', 'Handmade fish balls'] },
  { no: '0117', cls: 'noodles', name: ['餐蛋公仔面', '餐蛋公仔麵', 'Instant Noodles with Egg & Luncheon Meat'], unit: '碗', price: 28, remarks: ['茶餐厅经典', '茶餐廳經典', 'A cha chaan teng classic'] },
  { no: '0118', cls: 'noodles', name: ['猪骨汤乌冬', '豬骨湯烏冬', 'Pork Bone Broth Udon'], unit: '碗', price: 40, remarks: ['熬足八小时猪骨汤', '熬足八小時豬骨湯', 'Pork bone broth simmered for eight hours'] },
  // Snacks
  { no: '0119', cls: 'snacks', name: ['猪扒包', '豬扒包', 'Pork Chop Bun'], unit: '個', price: 32, remarks: ['澳门名物', '澳門名物', 'The Macau favourite'], home: true, bags: 1 },
  { no: '0120', cls: 'snacks', name: ['咖喱鱼蛋', '咖喱魚蛋', 'Curry Fish Balls'], unit: '串', price: 22, remarks: ['每串六粒', '每串六粒', 'Six fish balls a skewer'] },
  { no: '0121', cls: 'snacks', name: ['鲜虾水饺', '鮮蝦水餃', 'Shrimp Dumplings'], unit: '隻', price: 4, remarks: ['可单只或十二只一盒', '可單隻或十二隻一盒', 'By the piece or a box of 12'] },
  { no: '0122', cls: 'snacks', name: ['春卷', '春卷', 'Spring Rolls'], unit: '份', price: 26, remarks: ['每份三条', '每份三條', 'Three rolls a portion'] },
  { no: '0123', cls: 'snacks', name: ['炸鸡翼', '炸雞翼', 'Fried Chicken Wings'], unit: '份', price: 36, remarks: ['可选三只或六只', '可選三隻或六隻', 'Three or six wings'] },
  { no: '0124', cls: 'snacks', name: ['马介休球', '馬介休球', 'Bacalhau Fritters'], unit: '份', price: 38, remarks: ['葡式炸鳕鱼球', '葡式炸鱈魚球', 'Portuguese salt cod fritters'] },
  { no: '0125', cls: 'snacks', name: ['薯条', '薯條', 'French Fries'], unit: '份', price: 20, remarks: ['可加芝士', '可加芝士', 'Add cheese if you like'] },
  { no: '0126', cls: 'snacks', name: ['萝卜牛杂', '蘿蔔牛雜', 'Beef Offal with Radish'], unit: '碗', price: 40, remarks: ['街头风味', '街頭風味', 'A street-food favourite'] },
  { no: '0127', cls: 'snacks', name: ['烧卖', '燒賣', 'Siu Mai'], unit: '籠', price: 28, remarks: ['每笼四粒', '每籠四粒', 'Four pieces a basket'] },
  { no: '0128', cls: 'snacks', name: ['鲜虾肠粉', '鮮蝦腸粉', 'Shrimp Rice Noodle Rolls'], unit: '碟', price: 30, sales: 28, remarks: ['即叫即拉', '即叫即拉', 'Steamed to order'] },
  // Soups
  { no: '0129', cls: 'soups', name: ['例汤', '例湯', 'Soup of the Day'], unit: '碗', price: 18, remarks: ['每日不同', '每日不同', 'Changes every day'] },
  { no: '0130', cls: 'soups', name: ['葡国菜汤', '葡國菜湯', 'Caldo Verde'], unit: '碗', price: 28, remarks: ['马铃薯羽衣甘蓝汤', '馬鈴薯羽衣甘藍湯', 'Potato and kale soup'] },
  { no: '0131', cls: 'soups', name: ['罗宋汤', '羅宋湯', 'Borscht'], unit: '碗', price: 22, remarks: ['港式罗宋汤', '港式羅宋湯', 'Hong Kong style borscht'] },
  { no: '0132', cls: 'soups', name: ['冬瓜盅', '冬瓜盅', 'Winter Melon Soup Pot'], unit: '盅', price: 168, remarks: ['四至六人份，需时四十分钟', '四至六人份，需時四十分鐘', 'Serves 4-6; ready in 40 minutes'], type: GOODS_TYPE.catering },
  { no: '0133', cls: 'soups', name: ['花胶鸡汤锅', '花膠雞湯鍋', 'Fish Maw Chicken Soup Pot'], unit: '鍋', price: 98, sales: 88, remarks: ['二至三人份', '二至三人份', 'Serves 2-3'], type: GOODS_TYPE.catering },
  { no: '0134', cls: 'soups', name: ['廿四味凉茶', '廿四味涼茶', 'Herbal Tea (by prescription)'], unit: '碗', price: 25, remarks: ['按方配制，孕妇慎用', '按方配製，孕婦慎用', 'Brewed by prescription; not for pregnant women'], type: GOODS_TYPE.prescription },
  // Set meals (bundles; groups below)
  { no: '0135', cls: 'sets', name: ['招牌饭套餐', '招牌飯套餐', 'Signature Rice Set'], unit: '套', price: 68, sales: 65, remarks: ['主食、饮品，可加配小食', '主食、飲品，可加配小食', 'A main and a drink; add snacks if you like'], type: GOODS_TYPE.bundle, home: true, bags: 1 },
  { no: '0136', cls: 'sets', name: ['面食套餐', '麵食套餐', 'Noodle Set'], unit: '套', price: 58, remarks: ['面食、饮品，可加配汤', '麵食、飲品，可加配湯', 'Noodles and a drink; add a soup if you like'], type: GOODS_TYPE.bundle },
  { no: '0137', cls: 'sets', name: ['二人套餐', '二人套餐', 'Set for Two'], unit: '套', price: 188, sales: 168, remarks: ['两款主食、两杯饮品', '兩款主食、兩杯飲品', 'Two mains and two drinks'], type: GOODS_TYPE.bundle, bags: 2 },
  { no: '0138', cls: 'sets', name: ['儿童餐', '兒童餐', 'Kids Meal'], unit: '套', price: 45, sales: 42, remarks: ['十二岁以下', '十二歲以下', 'For children under 12'], type: GOODS_TYPE.bundle },
  // Drinks
  { no: '0139', cls: 'drinks', name: ['港式奶茶', '港式奶茶', 'HK Milk Tea'], unit: '杯', price: 22, remarks: ['丝袜奶茶', '絲襪奶茶', 'Silk-stocking milk tea'], home: true },
  { no: '0140', cls: 'drinks', name: ['柠檬茶', '檸檬茶', 'Lemon Tea'], unit: '杯', price: 20, remarks: ['鲜柠檬', '鮮檸檬', 'Fresh lemon'] },
  { no: '0141', cls: 'drinks', name: ['鲜榨橙汁', '鮮榨橙汁', 'Fresh Orange Juice'], unit: '杯', price: 32, remarks: ['不加糖', '不加糖', 'No added sugar'] },
  { no: '0142', cls: 'drinks', name: ['樽装冻柠茶', '樽裝凍檸茶', 'Bottled Iced Lemon Tea'], unit: '樽', price: 15, remarks: ['单樽或六樽装', '單樽或六樽裝', 'Single bottle or a 6-pack'] },
  { no: '0143', cls: 'drinks', name: ['可乐', '可樂', 'Coca-Cola'], unit: '罐', price: 12, remarks: ['单罐或六罐装', '單罐或六罐裝', 'Single can or a 6-pack'] },
  { no: '0144', cls: 'drinks', name: ['咖啡', '咖啡', 'Coffee'], unit: '杯', price: 25, remarks: ['本地烘焙咖啡豆', '本地烘焙咖啡豆', 'Locally roasted beans'] },
  { no: '0145', cls: 'drinks', name: ['鸳鸯', '鴛鴦', 'Yuenyeung'], unit: '杯', price: 24, remarks: ['咖啡加奶茶', '咖啡加奶茶', 'Coffee with milk tea'] },
  { no: '0146', cls: 'drinks', name: ['热柠水', '熱檸水', 'Hot Lemon Water'], unit: '杯', price: 18, remarks: ['可加蜜糖', '可加蜜糖', 'Honey on request'] },
  { no: '0147', cls: 'drinks', name: ['红豆冰', '紅豆冰', 'Red Bean Ice'], unit: '杯', price: 26, remarks: ['淡奶红豆', '淡奶紅豆', 'Red beans with evaporated milk'] },
  { no: '0148', cls: 'drinks', name: ['矿泉水', '礦泉水', 'Mineral Water'], unit: '樽', price: 8, remarks: ['500毫升', '500毫升', '500 ml'] },
  { no: '0149', cls: 'drinks', name: ['菊花茶', '菊花茶', 'Chrysanthemum Tea'], unit: '杯', price: 18, remarks: ['清热解渴', '清熱解渴', 'Cooling and refreshing'] },
  { no: '0150', cls: 'drinks', name: ['豆浆', '豆漿', 'Soy Milk'], unit: '杯', price: 15, remarks: ['每日新鲜磨制', '每日新鮮磨製', 'Freshly ground every day'] },
  // Desserts
  { no: '0151', cls: 'desserts', name: ['葡挞', '葡撻', 'Portuguese Egg Tart'], unit: '個', price: 10, remarks: ['即日新鲜出炉', '即日新鮮出爐', 'Baked fresh today'], home: true, bags: 1 },
  { no: '0152', cls: 'desserts', name: ['木糠布甸', '木糠布甸', 'Serradura'], unit: '杯', price: 28, remarks: ['澳门经典甜品', '澳門經典甜品', 'A classic Macau dessert'], home: true },
  { no: '0153', cls: 'desserts', name: ['双皮奶', '雙皮奶', 'Double-Skin Milk Pudding'], unit: '碗', price: 28, remarks: ['可选热或冻', '可選熱或凍', 'Hot or cold'] },
  { no: '0154', cls: 'desserts', name: ['杨枝甘露', '楊枝甘露', 'Mango Pomelo Sago'], unit: '碗', price: 32, remarks: ['新鲜芒果', '新鮮芒果', 'Fresh mango'] },
  { no: '0155', cls: 'desserts', name: ['芒果布甸', '芒果布甸', 'Mango Pudding'], unit: '杯', price: 25, remarks: ['配淡奶', '配淡奶', 'With evaporated milk'] },
  { no: '0156', cls: 'desserts', name: ['杏仁饼', '杏仁餅', 'Almond Cookies'], unit: '盒', price: 48, sales: 45, remarks: ['手信之选', '手信之選', 'A favourite souvenir'], bags: 1 },
  // Takeaway extras
  { no: '0157', cls: 'extras', name: ['外卖餐具', '外賣餐具', 'Cutlery Set'], unit: '套', price: 2, remarks: ['木制环保餐具', '木製環保餐具', 'Wooden, compostable'] },
  { no: '0158', cls: 'extras', name: ['额外酱汁', '額外醬汁', 'Extra Sauce'], unit: '份', price: 3, remarks: ['叉烧汁或沙姜酱', '叉燒汁或沙薑醬', 'BBQ sauce or ginger dip'] },
  { no: '0159', cls: 'extras', name: ['辣椒油', '辣椒油', 'Chilli Oil'], unit: '份', price: 3, remarks: ['自家制', '自家製', 'House-made'] },
  { no: '0160', code: 'BAG', cls: 'extras', name: ['胶袋', '膠袋', 'Plastic Bag'], unit: '個', price: 1, remarks: ['外卖胶袋每个 MOP$1', '外賣膠袋每個 MOP$1', 'MOP$1 per takeaway bag'], type: GOODS_TYPE.bag },
];

/** The food-court shops' small menus. */
const FOOD_COURT_MENUS: readonly GoodsSpec[] = [
  { no: '2111', shop: SHOP.eggTart, cls: 'eggTartTarts', name: ['葡挞', '葡撻', 'Portuguese Egg Tart'], unit: '個', price: 10, remarks: ['每日新鲜出炉', '每日新鮮出爐', 'Baked fresh daily'], bags: 1 },
  { no: '2112', shop: SHOP.eggTart, cls: 'eggTartTarts', name: ['朱古力挞', '朱古力撻', 'Chocolate Tart'], unit: '個', price: 12, remarks: ['比利时朱古力', '比利時朱古力', 'Belgian chocolate'] },
  { no: '2113', shop: SHOP.eggTart, cls: 'eggTartTarts', name: ['杏仁饼', '杏仁餅', 'Almond Cookies'], unit: '盒', price: 38, remarks: ['手信之选', '手信之選', 'A favourite souvenir'], bags: 1 },
  { no: '2114', shop: SHOP.eggTart, cls: 'eggTartDrinks', name: ['咖啡', '咖啡', 'Coffee'], unit: '杯', price: 22, remarks: ['热饮', '熱飲', 'Served hot'] },
  { no: '2121', shop: SHOP.noodle, cls: 'noodleNoodles', name: ['鲜虾云吞面', '鮮蝦雲吞麵', 'Shrimp Wonton Noodles'], unit: '碗', price: 42, remarks: ['竹升面', '竹昇麵', 'Bamboo-pressed noodles'] },
  { no: '2122', shop: SHOP.noodle, cls: 'noodleNoodles', name: ['牛腩河', '牛腩河', 'Beef Brisket Rice Noodles'], unit: '碗', price: 45, remarks: ['清汤', '清湯', 'In clear broth'] },
  { no: '2123', shop: SHOP.noodle, cls: 'noodleNoodles', name: ['炸酱面', '炸醬麵', 'Noodles with Minced Pork Sauce'], unit: '碗', price: 38, sales: 35, remarks: ['微辣', '微辣', 'Mildly spicy'] },
  { no: '2124', shop: SHOP.noodle, cls: 'noodleDrinks', name: ['冻柠茶', '凍檸茶', 'Iced Lemon Tea'], unit: '杯', price: 20, remarks: ['少甜', '少甜', 'Less sweet'] },
  { no: '2131', shop: SHOP.porkChopBun, cls: 'bunSnacks', name: ['猪扒包', '豬扒包', 'Pork Chop Bun'], unit: '個', price: 35, remarks: ['即叫即煎', '即叫即煎', 'Fried to order'], bags: 1 },
  { no: '2132', shop: SHOP.porkChopBun, cls: 'bunSnacks', name: ['咖喱鱼蛋', '咖喱魚蛋', 'Curry Fish Balls'], unit: '串', price: 25, remarks: ['每串六粒', '每串六粒', 'Six a skewer'] },
  { no: '2133', shop: SHOP.porkChopBun, cls: 'bunSnacks', name: ['薯条', '薯條', 'French Fries'], unit: '份', price: 18, remarks: ['即炸', '即炸', 'Freshly fried'] },
  { no: '2134', shop: SHOP.porkChopBun, cls: 'bunDrinks', name: ['港式奶茶', '港式奶茶', 'HK Milk Tea'], unit: '杯', price: 20, remarks: ['丝袜奶茶', '絲襪奶茶', 'Silk-stocking milk tea'] },
  { no: '2135', shop: SHOP.porkChopBun, cls: 'bunDrinks', name: ['可乐', '可樂', 'Coca-Cola'], unit: '罐', price: 10, remarks: ['冻', '凍', 'Chilled'] },
];

/** Skus, declared per goods: items and prices in order; the goods' own price is the cheapest sku's. */
interface SkuSpec {
  attributes: { name: string; values: string[] }[];
  skus: { items: string; price: number; sales?: number; soldOut?: boolean }[];
}

const SKU_SPECS: Readonly<Record<string, SkuSpec>> = {
  // Single attribute: the item text ends with the full-width comma (U+FF0C).
  '0111': { attributes: [{ name: '規格', values: ['細', '大'] }], skus: [{ items: '細，', price: 38 }, { items: '大，', price: 46 }] },
  '0123': { attributes: [{ name: '份量', values: ['3隻', '6隻'] }], skus: [{ items: '3隻，', price: 36 }, { items: '6隻，', price: 66, sales: 62 }] },
  '0153': { attributes: [{ name: '溫度', values: ['熱', '凍'] }], skus: [{ items: '熱，', price: 28 }, { items: '凍，', price: 28 }] },
  // Two attributes: the values joined by ';'.
  '0139': {
    attributes: [{ name: 'Size', values: ['Regular', 'Large'] }, { name: 'Temperature', values: ['Hot', 'Iced'] }],
    skus: [{ items: 'Regular;Hot', price: 22 }, { items: 'Regular;Iced', price: 24 }, { items: 'Large;Hot', price: 28 }, { items: 'Large;Iced', price: 30 }],
  },
  '0140': {
    attributes: [{ name: 'Size', values: ['Regular', 'Large'] }, { name: 'Temperature', values: ['Hot', 'Iced'] }],
    skus: [{ items: 'Regular;Hot', price: 20 }, { items: 'Regular;Iced', price: 22 }, { items: 'Large;Hot', price: 26 }, { items: 'Large;Iced', price: 28 }],
  },
  '0142': {
    attributes: [{ name: 'Size', values: ['350ml', '500ml'] }, { name: 'Sweetness', values: ['Regular', 'Less Sugar'] }],
    skus: [{ items: '350ml;Regular', price: 15 }, { items: '350ml;Less Sugar', price: 15 }, { items: '500ml;Regular', price: 20 }, { items: '500ml;Less Sugar', price: 20 }],
  },
  '0144': {
    attributes: [{ name: 'Size', values: ['Regular', 'Large'] }, { name: 'Temperature', values: ['Hot', 'Iced'] }],
    skus: [{ items: 'Regular;Hot', price: 25 }, { items: 'Regular;Iced', price: 27 }, { items: 'Large;Hot', price: 30 }, { items: 'Large;Iced', price: 32, soldOut: true }],
  },
};

function goodsRow(spec: GoodsSpec, sort: number): GoodsRow {
  const sku = SKU_SPECS[spec.no];
  const skuType = !sku ? SKU_TYPE.none : sku.attributes.length === 1 ? SKU_TYPE.single : SKU_TYPE.double;
  return {
    goods_id: goodsId(spec.no),
    ent_id: ENT_ID,
    shop_id: spec.shop ?? SHOP.main,
    class_id: CLASS[spec.cls],
    goods_code: spec.code ?? spec.no.slice(-3),
    goods_name: spec.name[0],
    goods_name_tw: spec.name[1],
    goods_name_en: spec.name[2],
    goods_type: spec.type ?? GOODS_TYPE.common,
    sku_type: skuType,
    unit: spec.unit,
    price: spec.price,
    sales_price: spec.sales ?? spec.price,
    pic: pic(spec.no),
    remarks: spec.remarks[0],
    remarks_tw: spec.remarks[1],
    remarks_en: spec.remarks[2],
    sku_attributes: sku ? sku.attributes.map((a) => a.name).join(';') : '',
    sku_attribute_values: sku ? JSON.stringify(sku.attributes) : '',
    sold_out: spec.soldOut ?? false,
    is_home: spec.home ?? false,
    bag_count: spec.bags ?? 0,
    sort,
  };
}

const withSort = (specs: readonly GoodsSpec[]) => {
  const counters = new Map<string, number>();
  return specs.map((s) => {
    const n = (counters.get(s.cls) ?? 0) + 1;
    counters.set(s.cls, n);
    return goodsRow(s, n);
  });
};

export const GOODS: readonly GoodsRow[] = [...withSort(MAIN_MENU), ...withSort(FOOD_COURT_MENUS)];

export const GOODS_SKUS: readonly GoodsSkuRow[] = Object.entries(SKU_SPECS).flatMap(([no, spec]) =>
  spec.skus.map((s, i) => ({
    sku_id: skuId(no, i + 1),
    goods_id: goodsId(no),
    sku_code: `${no.slice(-3)}-${i + 1}`,
    sku_items: s.items,
    price: s.price,
    sales_price: s.sales ?? s.price,
    sold_out: s.soldOut ?? false,
    sort: i + 1,
  })),
);

/** Pack units: only the packs (ref > 1); the goods' own unit is the single. */
export const GOODS_PUNITS: readonly GoodsPunitRow[] = [
  { goods_id: goodsId('0121'), pcode: '121-12', punit: '盒', punit_tw: '盒', punit_en: 'Box', ref: 12, price: 48, sales_price: 42 },
  { goods_id: goodsId('0142'), pcode: '142-6', punit: '6樽装', punit_tw: '6樽裝', punit_en: 'Pack', ref: 6, price: 90, sales_price: 80 },
  { goods_id: goodsId('0143'), pcode: '143-6', punit: '6罐装', punit_tw: '6罐裝', punit_en: 'Pack', ref: 6, price: 72, sales_price: 60 },
  { goods_id: goodsId('0151'), pcode: '151-6', punit: '6个装', punit_tw: '6個裝', punit_en: 'Box', ref: 6, price: 60, sales_price: 55 },
];

// Bundles: groups and their parts.
interface BomGroupSpec {
  name: Tri;
  /** 0 required: choose exactly `qua`; 1 optional: choose up to `qua`. */
  type: 0 | 1;
  qua: number;
  /** [part picture no, surcharge, default?] */
  items: readonly (readonly [string, number, boolean?])[];
}

const DRINK_CHOICES = [['0145', 0, true], ['0146', 0], ['0143', 0], ['0150', 0], ['0141', 8]] as const;

const BOM_SPECS: Readonly<Record<string, readonly BomGroupSpec[]>> = {
  '0135': [
    { name: ['主食', '主食', 'Main'], type: 0, qua: 1, items: [['0101', 0, true], ['0102', 6], ['0103', 0], ['0104', 8]] },
    { name: ['饮品', '飲品', 'Drink'], type: 0, qua: 1, items: DRINK_CHOICES },
    { name: ['加配小食', '加配小食', 'Add a snack'], type: 1, qua: 2, items: [['0120', 12], ['0122', 15], ['0125', 10]] },
  ],
  '0136': [
    { name: ['面食', '麵食', 'Noodles'], type: 0, qua: 1, items: [['0112', 0, true], ['0116', 0], ['0117', 0], ['0115', 5]] },
    { name: ['饮品', '飲品', 'Drink'], type: 0, qua: 1, items: DRINK_CHOICES },
    { name: ['加配汤', '加配湯', 'Add a soup'], type: 1, qua: 1, items: [['0129', 8], ['0131', 10]] },
  ],
  '0137': [
    { name: ['主食（选两款）', '主食（選兩款）', 'Mains (choose 2)'], type: 0, qua: 2, items: [['0101', 0, true], ['0102', 6], ['0104', 8], ['0106', 0], ['0107', 0]] },
    { name: ['饮品（选两杯）', '飲品（選兩杯）', 'Drinks (choose 2)'], type: 0, qua: 2, items: DRINK_CHOICES },
    { name: ['加配小食', '加配小食', 'Add snacks'], type: 1, qua: 2, items: [['0119', 20], ['0120', 12], ['0122', 15], ['0124', 18]] },
  ],
  '0138': [
    { name: ['主食', '主食', 'Main'], type: 0, qua: 1, items: [['0107', 0, true], ['0117', 0]] },
    { name: ['甜品', '甜品', 'Dessert'], type: 1, qua: 1, items: [['0151', 0], ['0155', 5]] },
  ],
};

export const GOODS_BOM_CLASSES: readonly GoodsBomClassRow[] = Object.entries(BOM_SPECS).flatMap(([no, groups]) =>
  groups.map((g, i) => ({
    bom_class_id: bomClassId(no, i + 1),
    goods_id: goodsId(no),
    class_name: g.name[0],
    class_name_tw: g.name[1],
    class_name_en: g.name[2],
    select_type: g.type,
    select_qua: g.qua,
    sort: i + 1,
  })),
);

export const GOODS_BOM_ITEMS: readonly GoodsBomItemRow[] = Object.entries(BOM_SPECS).flatMap(([no, groups]) =>
  groups.flatMap((g, i) =>
    g.items.map(([part, amo, isDefault], j) => ({
      bom_class_id: bomClassId(no, i + 1),
      goods_id: goodsId(part),
      bom_amo: amo,
      bom_qua: 1,
      bom_punit: '',
      is_default: isDefault ?? false,
      sort: j + 1,
    })),
  ),
);

// Add-ons --------------------------------------------------------------------------

const OPTION = {
  egg: '883000000001',
  cheese: '883000000002',
  lessIce: '883000000003',
  lessSugar: '883000000004',
  extraRice: '883000000005',
  noSpringOnion: '883000000006',
} as const;

const charging = (option_id: string, [value, value_tw, value_en]: Tri, price: number, sales_price: number, sort: number): GoodsChargingRow => ({
  option_id,
  ent_id: ENT_ID,
  shop_id: SHOP.main,
  value,
  value_tw,
  value_en,
  price,
  sales_price,
  sort,
});

export const GOODS_CHARGINGS: readonly GoodsChargingRow[] = [
  charging(OPTION.egg, ['加蛋', '加蛋', 'Extra egg'], 5, 5, 1),
  charging(OPTION.cheese, ['加芝士', '加芝士', 'Extra cheese'], 6, 6, 2),
  charging(OPTION.lessIce, ['少冰', '少冰', 'Less ice'], 0, 0, 3),
  charging(OPTION.lessSugar, ['少甜', '少甜', 'Less sugar'], 0, 0, 4),
  charging(OPTION.extraRice, ['加饭', '加飯', 'Extra rice'], 8, 6, 5),
  charging(OPTION.noSpringOnion, ['走葱', '走蔥', 'No spring onion'], 0, 0, 6),
];

const CHARGING_LINKS: Readonly<Record<keyof typeof OPTION, readonly string[]>> = {
  egg: ['0101', '0102', '0105', '0107', '0111', '0112', '0117'],
  cheese: ['0119', '0125', '0107'],
  lessIce: ['0139', '0140', '0144', '0145', '0147'],
  lessSugar: ['0139', '0140', '0144', '0145'],
  extraRice: ['0101', '0102', '0103', '0104', '0105', '0106', '0107', '0108'],
  noSpringOnion: ['0103', '0111', '0112', '0114'],
};

export const GOODS_CHARGING_LINKS: readonly GoodsChargingLinkRow[] = Object.entries(CHARGING_LINKS).flatMap(([key, nos]) =>
  nos.map((no) => ({ goods_id: goodsId(no), option_id: OPTION[key as keyof typeof OPTION] })),
);

// Promotion -------------------------------------------------------------------------

const PROMOTE_PLAN_ID = '882000000001';
export const PROMOTE_GOODS: readonly PromoteGoodsRow[] = [
  { plan_id: PROMOTE_PLAN_ID, goods_id: goodsId('0102'), sku_id: '', promote_price: 49 },
  { plan_id: PROMOTE_PLAN_ID, goods_id: goodsId('0151'), sku_id: '', promote_price: 8 },
  { plan_id: PROMOTE_PLAN_ID, goods_id: goodsId('0139'), sku_id: skuId('0139', 1), promote_price: 18 },
];

// Members ----------------------------------------------------------------------------

/**
 * The sandbox identity providers' 'member' demo user of every host (chat app,
 * Macau payment app, Alipay, food app; providers/identity.ts) is Chan Tai
 * Man, so signing in from any host finds the member silently. The shops'
 * MinaID is '', so the links are for mina_id ''.
 */
export const VIP_OPEN_IDS: readonly VipOpenIdRow[] = IDENTITY_PROVIDERS.map((provider) => ({
  provider,
  mina_id: '',
  open_id: DEMO_IDENTITY_USERS[provider].member.openid,
  vip_id: VIP.chan,
  union_id: DEMO_IDENTITY_USERS[provider].member.unionid,
}));

export const RECHARGE_RULES: readonly RechargeRuleRow[] = [
  [100, 10],
  [300, 40],
  [500, 80],
  [1000, 200],
].map(([amount, gift], i) => ({ rule_id: `87800000000${i + 1}`, ent_id: ENT_ID, amount: amount!, gift: gift!, sort: i + 1 }));

const CARD_PLAN = { cash20: '880000000001', discount85: '880000000002', voucher50: '880000000003' } as const;

export const CARD_PLANS: readonly CardPlanRow[] = [
  { plan_id: CARD_PLAN.cash20, ent_id: ENT_ID, plan_name: '20元现金券', plan_name_tw: '20元現金券', plan_name_en: 'MOP$20 Cash Coupon', card_type: 1, face_value: 20, min_amount: 100, valid_days: 60, can_claim: true, remark: 'Spend MOP$100 or more' },
  { plan_id: CARD_PLAN.discount85, ent_id: ENT_ID, plan_name: '85折优惠券', plan_name_tw: '85折優惠券', plan_name_en: '15% Off Coupon', card_type: 2, face_value: 85, min_amount: 0, valid_days: 60, can_claim: true, remark: 'Pay 85% of the order' },
  { plan_id: CARD_PLAN.voucher50, ent_id: ENT_ID, plan_name: '50元代金券', plan_name_tw: '50元代金券', plan_name_en: 'MOP$50 Voucher', card_type: 3, face_value: 50, min_amount: 50, valid_days: 60, can_claim: true, remark: 'The order must be at least the voucher amount' },
];

export const CARD_CODES = {
  chanCash: 'HBK20C0001',
  chanDiscount: 'HBK85D0001',
  chanVoucher: 'HBK50V0001',
  chanUsed: 'HBK20C0002',
  chanExpired: 'HBK85D0002',
  welcome: 'WELCOME20',
  voucher: 'VOUCHER50',
} as const;

export const SMS_AREAS: readonly SmsAreaRow[] = (
  [
    ['853', '澳门', '澳門', 'Macau'],
    ['852', '香港', '香港', 'Hong Kong'],
    ['86', '中国大陆', '中國大陸', 'Mainland China'],
    ['886', '台湾', '台灣', 'Taiwan'],
    ['65', '新加坡', '新加坡', 'Singapore'],
    ['1', '美国/加拿大', '美國/加拿大', 'USA/Canada'],
    ['44', '英国', '英國', 'UK'],
  ] as const
).map(([area_no, area_name, area_name_tw, area_name_en], i) => ({ area_no, area_name, area_name_tw, area_name_en, sort: i + 1 }));

/** Parents before children. */
export const REGIONS: readonly RegionRow[] = (
  [
    ['820000', null, 1, '澳门', '澳門', 'Macau'],
    ['820100', '820000', 2, '澳门半岛', '澳門半島', 'Macau Peninsula'],
    ['820200', '820000', 2, '氹仔', '氹仔', 'Taipa'],
    ['820300', '820000', 2, '路环', '路環', 'Coloane'],
    ['820101', '820100', 3, '花地玛堂区', '花地瑪堂區', 'Our Lady of Fatima Parish'],
    ['820102', '820100', 3, '圣安多尼堂区', '聖安多尼堂區', 'St. Anthony Parish'],
    ['820103', '820100', 3, '大堂区', '大堂區', 'Se Parish'],
    ['820104', '820100', 3, '望德堂区', '望德堂區', 'St. Lazarus Parish'],
    ['820105', '820100', 3, '风顺堂区', '風順堂區', 'St. Lawrence Parish'],
    ['820201', '820200', 3, '嘉模堂区', '嘉模堂區', 'Our Lady of Carmel Parish'],
    ['820202', '820200', 3, '路氹城', '路氹城', 'Cotai'],
    ['820301', '820300', 3, '圣方济各堂区', '聖方濟各堂區', 'St. Francis Xavier Parish'],
  ] as const
).map(([region_id, parent_id, level, name, name_tw, name_en]) => ({ region_id, parent_id, level, name, name_tw, name_en }));

export const SERVICE_LINKS: readonly ServiceLinkRow[] = [
  { link_key: 'OssCustomerDomain', link_value: OSS_DOMAIN },
  { link_key: 'ApiHost', link_value: '/' },
  { link_key: 'TestApiHost', link_value: '/' },
];

// Sheets (orders) --------------------------------------------------------------------------

/**
 * Sheet status (sheet.status), as the service uses it:
 *   0 open        a table's running order: more rounds may be added (pay-after) or it awaits payment
 *   1 paid        paid in advance (prepay) and not yet finished by the kitchen/counter
 *   2 closed      closed or cancelled: nothing more may be ordered onto it
 *   3 checked out settled at the counter (pay-after) or completed: nothing more may be ordered
 * SPEC section 4: ordering onto a sheet is refused when its status is 2 or 3,
 * or when the outlet's web order window (base.web_order_duration minutes
 * after sheet.created_at) has elapsed.
 *
 * The demo sheets are all dine-in (pos type 2, meal) at the San Ma Lo outlet
 * (web order window 120 minutes), one per table A03-A06, for the ordering
 * guard journeys:
 *   open        A03, status 0, created 30 minutes before now, two items: orders may be added
 *   expired     A04, status 0, created 3 hours before now: beyond the 120-minute window
 *   checkedOut  A05, status 3, created an hour before now, a member's (Chan Tai Man): settled
 *   closed      A06, status 2, created 45 minutes before now: cancelled
 */
export const SHEET_STATUS = { open: 0, paid: 1, closed: 2, checkedOut: 3 } as const;

const SHEET = {
  open: '876000000001',
  expired: '876000000002',
  checkedOut: '876000000003',
  closed: '876000000004',
} as const;

/** The table of each demo sheet: A03-A06 of the San Ma Lo outlet. */
const SHEET_TABLE_NO = { open: 3, expired: 4, checkedOut: 5, closed: 6 } as const;

/** [goods picture no, sku number or 0, quantity] per sheet, in item order. */
const SHEET_LINES: Readonly<Record<keyof typeof SHEET, readonly (readonly [string, number, number])[]>> = {
  open: [['0101', 0, 1], ['0140', 2, 2]],
  expired: [['0111', 2, 1]],
  checkedOut: [['0107', 0, 1], ['0143', 0, 2]],
  closed: [['0120', 0, 1]],
};

const menuSpec = (no: string): GoodsSpec => {
  const spec = MAIN_MENU.find((g) => g.no === no);
  if (!spec) throw new Error(`demo sheet: no goods ${no}`);
  return spec;
};

export const SHEET_ITEMS: readonly SheetItemRow[] = (Object.keys(SHEET) as (keyof typeof SHEET)[]).flatMap((key) =>
  SHEET_LINES[key].map(([no, skuNo, qua], i) => {
    const spec = menuSpec(no);
    const sku = skuNo ? SKU_SPECS[no]?.skus[skuNo - 1] : undefined;
    if (skuNo && !sku) throw new Error(`demo sheet: no sku ${skuNo} of ${no}`);
    const price = sku ? sku.price : spec.price;
    const salesPrice = sku ? (sku.sales ?? sku.price) : (spec.sales ?? spec.price);
    return {
      sheet_id: SHEET[key],
      item_id: i + 1,
      round_no: 1,
      goods_id: goodsId(no),
      sku_id: sku ? skuId(no, skuNo) : '',
      punit: '',
      goods_name: spec.name[0],
      sku_items: sku ? sku.items : '',
      qua,
      pqua: 0,
      mqua: qua,
      price,
      sales_price: salesPrice,
      amo: Math.round(salesPrice * qua * 10_000) / 10_000,
      dis_amo: 0,
      sal_type: 0,
      detail: '',
    };
  }),
);

export function demoSheets(now: Date): SheetRow[] {
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const sheet = (key: keyof typeof SHEET, status: number, createdMinutesAgo: number, extra: Partial<SheetRow> = {}): SheetRow => {
    const sales = SHEET_ITEMS.filter((i) => i.sheet_id === SHEET[key]).reduce((sum, i) => sum + i.amo, 0);
    // San Ma Lo's 10 % service charge (issue 28), rounded once as the bill does (orderTotals.serviceChargeMinor).
    const service = serviceChargeMinor(Math.round(sales * 100), 1000) / 100;
    const created = minutesAgo(createdMinutesAgo);
    return {
      sheet_id: SHEET[key],
      ent_id: ENT_ID,
      shop_id: SHOP.main,
      base_id: BASE.dineIn,
      table_id: tableId(BASE.dineIn, SHEET_TABLE_NO[key]),
      vip_id: null,
      local_sheet_id: null,
      pos_type: 2,
      business_mode: 2,
      status,
      pay_status: 0,
      is_pay_later: false,
      sales_amo: sales,
      dis_amo: 0,
      fee_amo: 0,
      coupon_amo: 0,
      service_amo: service,
      total_amo: Math.round((sales + service) * 100) / 100,
      remark: '',
      cust_name: '',
      cust_phone: '',
      cust_address: '',
      take_time: null,
      created_at: created,
      updated_at: created,
      ...extra,
    };
  };
  return [
    sheet('open', SHEET_STATUS.open, 30, { remark: 'No chilli, please' }),
    sheet('expired', SHEET_STATUS.open, 180),
    sheet('checkedOut', SHEET_STATUS.checkedOut, 60, {
      vip_id: VIP.chan,
      pay_status: 1,
      cust_name: 'Chan Tai Man',
      cust_phone: '66123456',
      cust_address: '澳門新馬路 88 號 12樓A座',
      updated_at: minutesAgo(10),
    }),
    sheet('closed', SHEET_STATUS.closed, 45, { updated_at: minutesAgo(40) }),
  ];
}

// Rows that depend on the clock -----------------------------------------------------------

export interface TimedRows {
  baseParms: BaseParmRow[];
  promotePlans: PromotePlanRow[];
  vips: VipRow[];
  vipAccountItems: VipAccountItemRow[];
  vipScoreItems: VipScoreItemRow[];
  vipAddresses: VipAddressRow[];
  vipCards: VipCardRow[];
  sheets: SheetRow[];
}

const DAY_MS = 86_400_000;

/** Builds a history whose each row's balance is the running total of the amounts. */
function running<T extends { amount: number }>(rows: readonly T[]): (T & { balance: number })[] {
  let balance = 0;
  return rows.map((r) => {
    balance = Math.round((balance + r.amount) * 10_000) / 10_000;
    return { ...r, balance };
  });
}

export function timedRows(now: Date): TimedRows {
  /** `days` (and `hours`) from now; fractional hours keep same-day history rows in order. */
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY_MS + Math.round(hours * 3_600_000));

  const vips: VipRow[] = [
    { vip_id: VIP.chan, ent_id: ENT_ID, vip_name: 'Chan Tai Man', sex: 2, head_img: '', area_no: '853', phone: '66123456', birthy: '1990-05-01', is_guest: false, balance: 500, score: 1200, vip_code: '8530000001', created_at: at(-400) },
    { vip_id: VIP.lee, ent_id: ENT_ID, vip_name: 'Lee Siu Ling', sex: 1, head_img: '', area_no: '853', phone: '66234567', birthy: '1995-11-20', is_guest: false, balance: 35.5, score: 80, vip_code: '8530000002', created_at: at(-120) },
  ];

  const account = (vip_id: string, items: readonly [VipAccountItemRow['kind'], number, string, number][]) =>
    running(items.map(([kind, amount, remark, days], i) => ({ vip_id, kind, amount, sheet_id: '', remark, created_at: at(days, i / 60) })));
  const vipAccountItems: VipAccountItemRow[] = [
    ...account(VIP.chan, [
      ['recharge', 300, 'Top up MOP$300', -300],
      ['gift', 40, 'Top-up gift', -300],
      ['pay', -120, 'Order payment', -250],
      ['recharge', 300, 'Top up MOP$300', -60],
      ['gift', 40, 'Top-up gift', -60],
      ['pay', -60, 'Order payment', -10],
    ]),
    ...account(VIP.lee, [
      ['recharge', 100, 'Top up MOP$100', -100],
      ['gift', 10, 'Top-up gift', -100],
      ['pay', -74.5, 'Order payment', -20],
    ]),
  ];

  const scores = (vip_id: string, items: readonly [number, string, number][]) =>
    running(items.map(([amount, remark, days]) => ({ vip_id, amount, remark, days }))).map((r) => ({
      vip_id: r.vip_id,
      score: r.amount,
      balance: r.balance,
      sheet_id: '',
      remark: r.remark,
      created_at: at(r.days),
    }));
  const vipScoreItems: VipScoreItemRow[] = [
    ...scores(VIP.chan, [
      [500, 'Points for orders', -280],
      [380, 'Points for orders', -200],
      [-200, 'Points redeemed', -150],
      [520, 'Points for orders', -10],
    ]),
    ...scores(VIP.lee, [
      [50, 'Welcome points', -120],
      [30, 'Points for orders', -20],
    ]),
  ];

  const vipAddresses: VipAddressRow[] = [
    { address_id: '877000000001', vip_id: VIP.chan, cust_name: 'Chan Tai Man', cust_phone: '66123456', area_no: '853', province: '澳門', city: '澳門半島', district: '大堂區', main_address: '澳門新馬路 88 號', house_number: '12樓A座', gps_lng: 113.5412, gps_lat: 22.1932, is_default: true, created_at: at(-300) },
    { address_id: '877000000002', vip_id: VIP.chan, cust_name: 'Chan Tai Man', cust_phone: '66123456', area_no: '853', province: '澳門', city: '氹仔', district: '嘉模堂區', main_address: '澳門氹仔布拉干薩街 20 號', house_number: '5樓C座', gps_lng: 113.5565, gps_lat: 22.1548, is_default: false, created_at: at(-90) },
    { address_id: '877000000003', vip_id: VIP.lee, cust_name: 'Lee Siu Ling', cust_phone: '66234567', area_no: '853', province: '澳門', city: '澳門半島', district: '花地瑪堂區', main_address: '澳門高士德大馬路 66 號', house_number: '3樓B座', gps_lng: 113.5449, gps_lat: 22.2045, is_default: true, created_at: at(-100) },
  ];

  const card = (n: number, card_code: string, plan_id: string, vip_id: string | null, status: 0 | 1 | 2, begin: number, end: number, usedAt: number | null = null): VipCardRow => ({
    card_id: `8790000000${String(n).padStart(2, '0')}`,
    card_code,
    plan_id,
    vip_id,
    status,
    begin_at: at(begin),
    end_at: at(end),
    used_sheet_id: '',
    used_at: usedAt === null ? null : at(usedAt),
  });
  const vipCards: VipCardRow[] = [
    card(1, CARD_CODES.chanCash, CARD_PLAN.cash20, VIP.chan, 0, -1, 60),
    card(2, CARD_CODES.chanDiscount, CARD_PLAN.discount85, VIP.chan, 0, -1, 60),
    card(3, CARD_CODES.chanVoucher, CARD_PLAN.voucher50, VIP.chan, 0, -1, 60),
    card(4, CARD_CODES.chanUsed, CARD_PLAN.cash20, VIP.chan, 1, -20, 40, -5),
    card(5, CARD_CODES.chanExpired, CARD_PLAN.discount85, VIP.chan, 2, -90, -30),
    card(6, CARD_CODES.welcome, CARD_PLAN.cash20, null, 0, -1, 60),
    card(7, CARD_CODES.voucher, CARD_PLAN.voucher50, null, 0, -1, 60),
  ];

  const promotePlans: PromotePlanRow[] = [
    { plan_id: PROMOTE_PLAN_ID, ent_id: ENT_ID, shop_id: SHOP.main, plan_name: '本月特价 / Monthly Specials', begin_at: at(-30), end_at: at(365), week_days: '', limit_qua: null },
  ];

  return { baseParms: baseParms(now), promotePlans, vips, vipAccountItems, vipScoreItems, vipAddresses, vipCards, sheets: demoSheets(now) };
}

// Handy ids for tests and the start-up banner ---------------------------------------------

export const DEMO_GOODS = {
  bbqPorkRice: goodsId('0101'),
  roastGooseRice: goodsId('0102'),
  roastGooseByCatty: goodsId('0109'),
  wontonNoodles: goodsId('0111'),
  soldOut: goodsId('0113'),
  dumplings: goodsId('0121'),
  chickenWings: goodsId('0123'),
  winterMelonSoup: goodsId('0132'),
  herbalTea: goodsId('0134'),
  riceSet: goodsId('0135'),
  noodleSet: goodsId('0136'),
  setForTwo: goodsId('0137'),
  kidsMeal: goodsId('0138'),
  milkTea: goodsId('0139'),
  bottledLemonTea: goodsId('0142'),
  coke: goodsId('0143'),
  coffee: goodsId('0144'),
  eggTart: goodsId('0151'),
  bag: goodsId('0160'),
} as const;

export const DEMO_SKUS = {
  wontonNoodlesLarge: skuId('0111', 2),
  milkTeaRegularHot: skuId('0139', 1),
  coffeeLargeIcedSoldOut: skuId('0144', 4),
} as const;

export const DEMO_OPTIONS = OPTION;
export const DEMO_CARD_PLANS = CARD_PLAN;
export const DEMO_PROMOTE_PLAN_ID = PROMOTE_PLAN_ID;
export const DEMO_TABLE_IDS = {
  dineInA01: tableId(BASE.dineIn, 1),
  dineInA03: tableId(BASE.dineIn, SHEET_TABLE_NO.open),
  dineInA04: tableId(BASE.dineIn, SHEET_TABLE_NO.expired),
  dineInA05: tableId(BASE.dineIn, SHEET_TABLE_NO.checkedOut),
  dineInA06: tableId(BASE.dineIn, SHEET_TABLE_NO.closed),
  lateNightB01: tableId(BASE.lateNight, 1),
  quickC01: tableId(BASE.quick, 1),
  closedD01: tableId(BASE.closed, 1),
  eggTartE01: tableId(BASE.eggTart, 1),
} as const;

export const DEMO_SHEETS = SHEET;
/** The tables (by name) of the demo sheets; their QR codes are random: db/seed demoCodes. */
export const DEMO_SHEET_TABLE_NAMES = {
  open: 'A03',
  expired: 'A04',
  checkedOut: 'A05',
  closed: 'A06',
} as const;
