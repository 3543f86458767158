/**
 * "Order again"'s work (issue 29 section 1), loaded when the button is tapped
 * (OrderAgain.tsx): the order's lines, the outlet's menu as it is now (sold-out
 * marks, sizes, packs, add-ons and bundle parts read fresh), the plan of
 * reorder.ts, and the lines added to the app's cart with the menu's own add.
 * At a pay-after table the cart is the table's, on the service (issue 28): the
 * table's chunk is loaded here (the order list may be the first page of the
 * visit, before the menu has loaded it) and each line's add is waited for, so
 * the sheet says what the table's cart took and another phone at the table
 * sees the lines at once.
 */
import type { NumberFormats } from '../../../shared/domain/numbers';
import type { AppDispatch } from '../../app/store';
import { cartAdd, payAfterTableOf } from '../cart';
import { goodsOptionsApi, menuApi, type AddOn, type BomGroup, type GoodsDetail } from '../menu';
import type { Result } from './OrderAgain';
import { ordersApi, type OrderItem } from './ordersApi';
import { neededReads, planReorder, type Outcome, type PastLine } from './reorder';
import { reorderApi } from './reorderApi';

function pastLine(i: OrderItem): PastLine {
  return {
    GoodsID: i.GoodsID,
    SkuID: i.SkuID,
    PUnit: i.punit,
    name: i.name,
    skuItems: i.skuItems,
    price: i.price,
    punitPrice: i.punitPrice,
    pQua: i.pQua,
    mQua: i.mQua,
    detail: i.detail,
    voided: i.voided,
  };
}


/** Reads the order and what the outlet offers now, plans the lines, and adds what can be added (through the menu's cartAdd: at a pay-after table, the table's cart). */
export async function runOrderAgain(
  dispatch: AppDispatch,
  SheetID: string,
  ids: { ShopID: string; BaseID: string },
  mode: string,
  formats: Pick<NumberFormats, 'PricePoint'>,
): Promise<Result> {
  const fresh = { subscribe: false, forceRefetch: true } as const;
  const order = await dispatch(ordersApi.endpoints.orderDetail.initiate({ SheetID }, { subscribe: false })).unwrap();
  const lines = order.items.map(pastLine);
  const needs = neededReads(lines);
  const [goods, classes, soldOut, details, addOns, bundles] = await Promise.all([
    dispatch(reorderApi.endpoints.outletMenu.initiate(ids, fresh)).unwrap(),
    dispatch(menuApi.endpoints.goodsClasses.initiate(ids, fresh)).unwrap(),
    dispatch(menuApi.endpoints.soldOut.initiate(ids, fresh)).unwrap(),
    Promise.all(needs.details.map((GoodsID) => dispatch(goodsOptionsApi.endpoints.goodsDetail.initiate({ GoodsID }, fresh)).unwrap().then((d): [string, GoodsDetail] => [GoodsID, d]))),
    Promise.all(needs.addOns.map((GoodsID) => dispatch(goodsOptionsApi.endpoints.addOns.initiate({ GoodsID }, fresh)).unwrap().then((d): [string, AddOn[]] => [GoodsID, d]))),
    Promise.all(needs.bundles.map((GoodsID) => dispatch(goodsOptionsApi.endpoints.bundle.initiate({ GoodsID }, fresh)).unwrap().then((d): [string, BomGroup[]] => [GoodsID, d]))),
  ]);
  const outcomes = planReorder(
    lines,
    {
      goods: new Map(goods.map((g) => [g.GoodsID, g])),
      classes,
      mode,
      soldOutGoods: new Set(soldOut.goods),
      soldOutSkus: new Set(soldOut.skus),
      details: new Map(details),
      addOns: new Map(addOns),
      bundles: new Map(bundles),
    },
    ids,
    formats,
  );
  const tableId = dispatch((_, getState) => payAfterTableOf(getState()));
  if (!tableId) {
    // Through the menu's own add: the same merging, the same checks, the same cart.
    for (const o of outcomes) if (o.kind === 'added') dispatch(cartAdd({ goodsDetails: o.goodsDetails, list: [o.line] }));
    return { kind: 'done', outcomes };
  }
  // The table's cart, through the add the menu uses there; a line the service refuses is listed (its reason also shown as a toast).
  const { addToTableCart } = await import('../table');
  const settled: Outcome[] = [];
  for (const o of outcomes) {
    if (o.kind !== 'added') settled.push(o);
    else if (await dispatch(addToTableCart(tableId, { goodsDetails: o.goodsDetails, list: [o.line] }))) settled.push(o);
    else settled.push({ kind: 'missing', name: o.name, reason: 'refused' });
  }
  return { kind: 'done', outcomes: settled };
}
