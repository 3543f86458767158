/**
 * After the service refuses an order's figures (errcode 50010), the cart's
 * prices are read again from the menu (the goods, its skus and pack units,
 * bundle parts and add-ons) with the same pricing rule the chooser used, so
 * the confirm page shows the figures the service will accept.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { CartEntry } from '../../../shared/domain/cart';
import { packPrice, unitPrice } from '../../../shared/domain/pricing';
import type { RootState } from '../../app/store';
import { localName } from '../../ui/localName';
import { cartPricesRefreshed, selectCartNumberFormats, type CartPriceUpdate } from '../cart/cartSlice';
import { menuApi } from '../menu/menuApi';

export function refreshCartPrices(entries: readonly CartEntry[]): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const formats = selectCartNumberFormats(getState());
    const updates: CartPriceUpdate[] = [];
    const fresh = { forceRefetch: true, subscribe: false } as const;
    let complete = true;
    for (const entry of entries) {
      const GoodsID = entry.goodsDetails.GoodsID;
      const needsBom = entry.list.some((l) => l.bomList.length > 0);
      const needsAddOns = entry.list.some((l) => l.attachmentList.length > 0);
      const [detail, bundle, addOns] = await Promise.all([
        dispatch(menuApi.endpoints.goodsDetail.initiate({ GoodsID }, fresh)),
        needsBom ? dispatch(menuApi.endpoints.bundle.initiate({ GoodsID }, fresh)) : Promise.resolve(null),
        needsAddOns ? dispatch(menuApi.endpoints.addOns.initiate({ GoodsID }, fresh)) : Promise.resolve(null),
      ]);
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
        const pack = line.PUnit ? detail.data.packUnits.find((p) => localName(p.names, 'zh-CN') === line.PUnit || p.PCode === line.PUnit) : undefined;
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
