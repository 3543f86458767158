/**
 * The order submit as the wire contract has it (PosSalSheet_NewCYSendSheetSubmit_Add):
 * one header row and one Item1 row per cart line. Amounts are fixed-point
 * text at the enterprise's decimals; LocalSheetID is added by placeOrder.
 */
import { lineAmountMinor, type CartEntry, type CartFormats } from '../../../shared/domain/cart';
import { BusinessMode, sheetPosType } from '../../../shared/domain/businessMode';
import { minorToString } from '../../../shared/domain/numbers';
import { storedDietFilter } from '../../host/dietFilterStorage';
import type { CheckoutDraft } from './checkoutSlice';
import type { OrderRequest } from './checkoutApi';
import type { Coupon, OrderTotals, TakeType } from './totals';

export type PayMode = 'prepay' | 'postpay';

export interface OrderRequestInput {
  payMode: PayMode;
  entries: readonly CartEntry[];
  formats: CartFormats;
  ids: { ShopID: string; BaseID: string; TableID: string };
  /** The table's open sheet for a pay-after round; '' for a new order. */
  sheetId: string;
  cyType: string;
  takeType: TakeType;
  draft: CheckoutDraft;
  coupon: Coupon | null;
  totals: OrderTotals;
  /** Issue 28: a round sent from the table's live cart: the version shown (each line's uid is its CartLineID). */
  tableCartVersion?: number | null;
}

export function businessModeOf(takeType: TakeType): typeof BusinessMode.dineIn | typeof BusinessMode.takeout {
  return takeType === 'dinein' ? BusinessMode.dineIn : BusinessMode.takeout;
}

export function orderItems(entries: readonly CartEntry[], formats: CartFormats, fromTableCart = false): OrderRequest['items'] {
  const rows: OrderRequest['items'] = [];
  for (const entry of entries) {
    for (const line of entry.list) {
      rows.push({
        ItemID: rows.length + 1,
        GoodsID: entry.goodsDetails.GoodsID,
        SkuID: line.SkuID,
        PUnit: line.PUnit,
        Qua: line.qua,
        PQua: line.pQua,
        MQua: line.mQua,
        Ref: line.Ref,
        Price: line.Price,
        PUnitPrice: line.PUnitPrice,
        SalesPrice: line.Price,
        Amo: minorToString(lineAmountMinor(line, formats), formats.AmoPoint),
        DisAmo: minorToString(0, formats.AmoPoint),
        SalType: '0',
        Bom: JSON.stringify(line.bomList.map((b) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID }))),
        Attachments: JSON.stringify(line.attachmentList.map((a) => a.OptionID)),
        Remarks: line.remarkList.join('; '),
        ...(fromTableCart ? { CartLineID: line.uid } : {}),
      });
    }
  }
  return rows;
}

export function buildOrderRequest(input: OrderRequestInput): OrderRequest {
  const { draft, takeType, totals, coupon } = input;
  const mode = businessModeOf(takeType);
  const takeout = takeType !== 'dinein';
  const delivery = takeType === 'delivery';
  const row: OrderRequest['row'] = {
    ShopID: input.ids.ShopID,
    BaseID: input.ids.BaseID,
    TableID: takeType === 'dinein' ? input.ids.TableID : '',
    SheetID: input.sheetId,
    BusinessMode: mode,
    TakeType: takeType,
    TakeTime: takeout ? draft.takeTime : '',
    CustName: takeout ? draft.CustName.trim() : '',
    CustPhone: takeout ? draft.CustPhone.trim() : '',
    CustProvince: '',
    CustCity: '',
    CustDistrict: delivery ? draft.CustDistrict.trim() : '',
    CustMainAddress: delivery ? draft.CustMainAddress.trim() : '',
    CustHouseNumber: delivery ? draft.CustHouseNumber.trim() : '',
    GPS_Lng: delivery && draft.GPS_Lng !== null ? draft.GPS_Lng : '',
    GPS_Lat: delivery && draft.GPS_Lat !== null ? draft.GPS_Lat : '',
    Remark: draft.remark.trim(),
    // Issue 29: the allergens the customer's menu filter keeps away from, for the kitchen's ALLERGY banner.
    ...allergensField(),
    CardCode: coupon?.CardCode ?? '',
    CardID: coupon?.CardID ?? '',
    Count: totals.lines,
    Qua: totals.quantity,
    SalesAmo: totals.sales,
    DisAmo: totals.discount,
    FeeAmo: totals.fee,
    BagAmo: totals.bag,
    CouponAmo: totals.coupon,
    TotalAmo: totals.total,
    PosType: sheetPosType(mode, input.cyType),
    PayMode: input.payMode,
    ...(typeof input.tableCartVersion === 'number' ? { TableCartVersion: input.tableCartVersion } : {}),
  };
  return { row, items: orderItems(input.entries, input.formats, typeof input.tableCartVersion === 'number') };
}

/** The menu filter's allergens as the order sends them (absent without any). */
function allergensField(): { Allergens?: string } {
  const avoid = storedDietFilter().avoid;
  return avoid.length > 0 ? { Allergens: avoid.join(',') } : {};
}
