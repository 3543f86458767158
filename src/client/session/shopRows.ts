/**
 * The shop page's rows as the app keeps them: the enterprise, the shop and the
 * outlet, with the defaults a missing field takes. Pure and free of the store:
 * the page's head (boot/firstPaint.ts) reads the same answer with the same
 * functions before the app has loaded.
 */
import type { AnswerOf } from '../app/operation';
import type { BaseInfo, EntityInfo, ShopInfo, SignSheet } from './shopSlice';

type Page = AnswerOf<'EShop_EShopShopPageGet_Get'>;
type Row<T extends unknown[]> = Partial<T[number]>;

export function toEntity(row: Row<Page['table1']>): EntityInfo {
  return {
    EntID: row.EntID ?? '',
    EntName: row.EntName ?? '',
    UserID: row.UserID ?? '',
    UserName: row.UserName ?? '',
    UserCode: row.UserCode ?? '',
    CurrencySymbol: row.CurrencySymbol || '¥',
    AmoPoint: row.AmoPoint ?? 2,
    DiscountPoint: row.DiscountPoint ?? 0,
    PQuaPoint: row.PQuaPoint ?? 0,
    PricePoint: row.PricePoint ?? 2,
    QuaPoint: row.QuaPoint ?? 0,
    TimeZone: row.TimeZone || 'Asia/Macau',
    OssCustomerDomain: row.OssCustomerDomain ?? '',
  };
}

export function toShopInfo(row: Row<Page['table2']>): ShopInfo {
  return {
    ShopID: row.ShopID ?? '',
    ShopName: row.ShopName ?? '',
    PosType: row.PosType ?? '',
    MinaAppID: row.MinaAppID ?? '',
    MinaID: row.MinaID ?? '',
    Logo: row.Logo ?? '',
  };
}

export function toBaseInfo(row: Row<Page['table3']>): BaseInfo {
  return {
    BaseID: row.BaseID ?? '',
    BaseName: row.BaseName ?? '',
    BaseCode: row.BaseCode ?? '',
    BusinessMode: row.BusinessMode ?? '',
    CYType: row.CYType ?? '',
    BeginTime: row.BeginTime ?? '',
    EndTime: row.EndTime ?? '',
    WebOrderDuration: row.WebOrderDuration ?? 0,
    PayMode: row.PayMode ?? '',
    IsPayLaterOnlineCheckout: row.IsPayLaterOnlineCheckout ?? '',
    OpeningHours: row.OpeningHours ?? '',
    TimeZone: row.TimeZone,
    ServiceChargeBp: row.ServiceChargeBp ?? 0,
    TipEnabled: row.TipEnabled === 1,
  };
}

/** A table's sign sheet, from the shop page's sheet row or the sheet's own detail row (the same four fields). */
export function toSignSheet(row: Partial<SignSheet>): SignSheet {
  return { SheetID: row.SheetID ?? '', Status: row.Status ?? 0, CreatedDate: row.CreatedDate ?? '', TableID: row.TableID ?? '' };
}
