/**
 * After the service refuses an order's figures (errcode 50010), the cart's
 * prices are read again from the menu (the goods, its skus and pack units,
 * bundle parts and add-ons) with the same pricing rule the chooser used, so
 * the confirm page shows the figures the service will accept.
 */
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CartEntry } from '../../../shared/domain/cart';
import { packPrice, unitPrice } from '../../../shared/domain/pricing';
import type { RootState } from '../../app/store';
import { cartPricesRefreshed, cartTextsRefreshed, selectCartNumberFormats, type CartPriceUpdate, type CartTextUpdate } from '../cart';
import { goodsOptionsApi, type PackUnit } from '../menu';

/**
 * A cart entry's goods read again from the menu, not from RTK Query's cache:
 * the goods (with its skus and pack units), and its bundle and add-ons when a
 * line has some (null otherwise).
 */
function readEntryMenu(dispatch: ThunkDispatch<RootState, unknown, UnknownAction>, entry: CartEntry) {
  const GoodsID = entry.goodsDetails.GoodsID;
  const fresh = { forceRefetch: true, subscribe: false } as const;
  const needsBom = entry.list.some((l) => l.bomList.length > 0);
  const needsAddOns = entry.list.some((l) => l.attachmentList.length > 0);
  return Promise.all([
    dispatch(goodsOptionsApi.endpoints.goodsDetail.initiate({ GoodsID }, fresh)),
    needsBom ? dispatch(goodsOptionsApi.endpoints.bundle.initiate({ GoodsID }, fresh)) : Promise.resolve(null),
    needsAddOns ? dispatch(goodsOptionsApi.endpoints.addOns.initiate({ GoodsID }, fresh)) : Promise.resolve(null),
  ]);
}

export function refreshCartPrices(entries: readonly CartEntry[]): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const formats = selectCartNumberFormats(getState());
    const updates: CartPriceUpdate[] = [];
    let complete = true;
    for (const entry of entries) {
      const [detail, bundle, addOns] = await readEntryMenu(dispatch, entry);
      if (!detail.data || (bundle && !bundle.data) || (addOns && !addOns.data)) {
        complete = false;
        continue;
      }
      const bomItems = (bundle?.data ?? []).flatMap((g) => g.items);
      for (const line of entry.list) {
        const sku = line.SkuID ? detail.data.skus.find((k) => k.SkuID === line.SkuID) : undefined;
        const priced = sku ?? detail.data.goods;
        const bomList = line.bomList.map((b) => {
          const item = bomItems.find((i) => i.BOMClassID === b.BOMClassID && i.GoodsID === b.GoodsID);
          return item ? { ...b, BOMAmo: item.BOMAmo || '0' } : b;
        });
        const attachmentList = line.attachmentList.map((a) => {
          const option = addOns?.data?.find((o) => o.OptionID === a.OptionID);
          return option ? { ...a, Value2: option.price, Value3: option.salesPrice || '0' } : a;
        });
        const extras = { bomAmos: bomList.map((b) => b.BOMAmo || '0'), addOnPrices: attachmentList.map((a) => a.Value3 || '0') };
        const pack = line.PUnit ? packOf(detail.data.packUnits, line) : undefined;
        updates.push({
          uid: line.uid,
          Price: unitPrice({ salesPrice: priced.salesPrice, promotePrice: priced.promotePrice, ...extras }, formats),
          PUnitPrice: pack ? packPrice(pack.salesPrice, pack.Ref, extras, formats) : line.PUnitPrice,
          Ref: pack ? pack.Ref : line.Ref,
          bomList,
          attachmentList,
        });
      }
    }
    dispatch(cartPricesRefreshed(updates));
    return complete;
  };
}

/** A line's pack unit: by its text (in the language the line was added in), else by its size. */
function packOf(packs: readonly PackUnit[], line: { PUnit: string; Ref: string }): PackUnit | undefined {
  return packs.find((p) => p.name === line.PUnit || p.PCode === line.PUnit) ?? packs.find((p) => Number(p.Ref) === Number(line.Ref));
}

/**
 * After the customer switches language: the cart's texts (goods names, sku
 * items, pack units, bundle parts, add-ons) read again from the menu, which
 * the service answers in the new language, so no line mixes two languages.
 */
export function refreshCartTexts(entries: readonly CartEntry[]): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const updates: CartTextUpdate[] = [];
    for (const entry of entries) {
      const [detail, bundle, addOns] = await readEntryMenu(dispatch, entry);
      if (!detail.data) continue;
      const bomItems = (bundle?.data ?? []).flatMap((g) => g.items);
      for (const line of entry.list) {
        const sku = line.SkuID ? detail.data.skus.find((k) => k.SkuID === line.SkuID) : undefined;
        const pack = line.PUnit ? packOf(detail.data.packUnits, line) : undefined;
        updates.push({
          uid: line.uid,
          GoodsName: detail.data.goods.name,
          SkuItems: sku ? sku.SkuItems : String(entry.goodsDetails.SkuItems ?? ''),
          PUnit: pack ? pack.name : line.PUnit,
          bomList: line.bomList.map((b) => {
            const item = bomItems.find((i) => i.BOMClassID === b.BOMClassID && i.GoodsID === b.GoodsID);
            return item ? { ...b, GoodsName: item.name } : b;
          }),
          attachmentList: line.attachmentList.map((a) => {
            const option = addOns?.data?.find((o) => o.OptionID === a.OptionID);
            return option ? { ...a, Value: option.name } : a;
          }),
        });
      }
    }
    if (updates.length > 0) dispatch(cartTextsRefreshed(updates));
  };
}
