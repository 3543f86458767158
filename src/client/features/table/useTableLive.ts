/**
 * The table's live cart and calls on this phone (issue 28): read once a
 * session is there, again on every frame of the table's stream
 * (GET /events/tables/:tableId: a line added or changed by anyone at the
 * table, a round sent, a sold-out mark, a call taken), and mirrored into the
 * cart slice as cart entries, so the menu's counts, the cart bar and the
 * confirm page read the table's cart.
 */
import { useEffect, useState } from 'react';
import type { CartEntry } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ensureSession, selectShopParams } from '../../session';
import { tableCartSeen, type TableCartMirror } from '../cart';
import { subscribeLive } from '../live';
import { useTableCallsQuery, useTableCartQuery, type TableCart } from './tableApi';

const listOf = <T,>(json: string, map: (v: unknown) => T | null): T[] => {
  try {
    const list = JSON.parse(json || '[]') as unknown;
    return Array.isArray(list) ? list.map(map).filter((v): v is T => v !== null) : [];
  } catch {
    return [];
  }
};

/** The table's cart as cart entries (sold-out lines left out: they cannot be sent). */
export function mirrorOf(cart: TableCart, ids: { ShopID: string; BaseID: string }, businessMode: string): TableCartMirror {
  const entries: CartEntry[] = cart.lines
    .filter((l) => !l.soldOut)
    .map((l) => ({
      businessMode,
      goodsDetails: { GoodsID: l.goodsId, ShopID: ids.ShopID, BaseID: ids.BaseID, GoodsName: l.name, SkuItems: l.skuItems },
      list: [
        {
          uid: l.lineId,
          SkuID: l.skuId,
          PUnit: l.pUnit,
          PUnitPrice: l.pUnitPrice,
          Price: l.price,
          Ref: l.ref,
          isPack: Boolean(l.pUnit),
          mQua: l.mQua,
          pQua: l.pQua,
          qua: l.qua,
          remarkList: l.remark ? [l.remark] : [],
          bomList: listOf(l.bom, (b) => {
            const r = b as { BOMClassID?: string; GoodsID?: string };
            return r?.BOMClassID && r.GoodsID ? { BOMClassID: r.BOMClassID, GoodsID: r.GoodsID, GoodsName: '', BOMAmo: '0', BOMQua: 1 } : null;
          }),
          attachmentList: listOf(l.attachments, (a) => (typeof a === 'string' ? { OptionID: a, Value: '', Value2: '0', Value3: '0' } : null)),
        },
      ],
    }));
  return { tableId: cart.tableId, version: cart.version, entries };
}

export function useTableLive(tableId: string) {
  const dispatch = useAppDispatch();
  const params = useAppSelector(selectShopParams);
  const businessMode = useAppSelector((s) => s.cart.businessMode);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void dispatch(ensureSession()).then((ok) => live && setReady(Boolean(ok)));
    return () => {
      live = false;
    };
  }, [dispatch]);
  // Read afresh on each of the table's pages: what changed while none was shown (a round sent from another phone) came on no stream here.
  const cart = useTableCartQuery({ TableID: tableId }, { skip: !ready, refetchOnMountOrArgChange: true });
  const calls = useTableCallsQuery({ TableID: tableId }, { skip: !ready, refetchOnMountOrArgChange: true });
  const { refetch: refetchCart } = cart;
  const { refetch: refetchCalls } = calls;
  useEffect(() => {
    if (!ready) return undefined;
    return subscribeLive(`/events/tables/${encodeURIComponent(tableId)}`, {
      onEvent(e) {
        const kind = (e as { kind: string }).kind;
        if (kind === 'call') void refetchCalls();
        else void refetchCart();
      },
      catchUp() {
        void refetchCart();
        void refetchCalls();
      },
    });
  }, [ready, tableId, refetchCart, refetchCalls]);
  useEffect(() => {
    if (cart.data) dispatch(tableCartSeen(mirrorOf(cart.data, { ShopID: params.ShopID, BaseID: params.BaseID }, businessMode)));
  }, [cart.data, dispatch, params.ShopID, params.BaseID, businessMode]);
  return { cart, calls, ready };
}
