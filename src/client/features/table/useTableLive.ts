/**
 * The table's live cart and calls on this phone (issue 28): read once a
 * session is there, again on every frame of the table's stream
 * (GET /events/tables/:tableId: a line added or changed by anyone at the
 * table, a round sent, a sold-out mark, a call taken), and mirrored into the
 * cart slice for the menu's counts and the cart bar.
 */
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { ensureSession } from '../../session';
import { tableCartSeen } from '../cart';
import { subscribeLive } from '../live';
import { useTableCallsQuery, useTableCartQuery, type TableCart } from './tableApi';

function mirrorOf(cart: TableCart) {
  const byGoods: Record<string, number> = {};
  let quantity = 0;
  for (const l of cart.lines) {
    const n = l.pUnit ? l.pQua : l.mQua;
    byGoods[l.goodsId] = (byGoods[l.goodsId] ?? 0) + n;
    quantity += n;
  }
  return { tableId: cart.tableId, version: cart.version, lines: cart.lines.length, quantity, amount: cart.total, byGoods };
}

export function useTableLive(tableId: string) {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void dispatch(ensureSession()).then((ok) => live && setReady(Boolean(ok)));
    return () => {
      live = false;
    };
  }, [dispatch]);
  const cart = useTableCartQuery({ TableID: tableId }, { skip: !ready });
  const calls = useTableCallsQuery({ TableID: tableId }, { skip: !ready });
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
    if (cart.data) dispatch(tableCartSeen(mirrorOf(cart.data)));
  }, [cart.data, dispatch]);
  return { cart, calls, ready };
}
