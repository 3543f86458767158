/**
 * The dish's details (issue 23 item 19): tapping a dish's name or picture on
 * the menu or in the search results opens them, as `?goods=<GoodsID>` on the
 * page's address, so the phone's Back closes them as it closes a page and a
 * reload shows them again. Closed with its × the entry is left the same way
 * when this page opened it, replaced otherwise.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Goods } from './menuApi';

export const DETAILS_PARAM = 'goods';

/** The link's target: the same page with the goods named. */
export function detailsLink(goodsId: string): { to: { search: string }; state: { details: true } } {
  return { to: { search: `?${DETAILS_PARAM}=${encodeURIComponent(goodsId)}` }, state: { details: true } };
}

/** The goods whose details the address names (once it is among `goods`), and how to close them. */
export function useGoodsDetails(goods: readonly Goods[] | undefined): { shown: Goods | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get(DETAILS_PARAM) ?? '';
  const shown = useMemo(() => (id && goods ? (goods.find((g) => g.GoodsID === id) ?? null) : null), [id, goods]);
  const openedHere = (location.state as { details?: boolean } | null)?.details === true;
  const close = useCallback(() => {
    if (openedHere) void navigate(-1);
    else
      setParams(
        (p) => {
          p.delete(DETAILS_PARAM);
          return p;
        },
        { replace: true },
      );
  }, [openedHere, navigate, setParams]);
  return { shown, close };
}
