/**
 * The menu's goods as the pages show them (issue 14): the first page as soon
 * as it is in, then the rest, asked for one page after another once the
 * previous one has rendered, joined in menu order. `complete` says whether
 * the whole menu is in (a search that finds nothing may say so only then).
 */
import { useEffect, useMemo } from 'react';
import { menuApi, type Goods, type GoodsPage } from './menuApi';

export interface MenuGoods {
  goods: readonly Goods[] | undefined;
  complete: boolean;
  isLoading: boolean;
  isError: boolean;
}

/** The pages joined: the small first page alone, or every later page (the first of them repeats it), each goods once. */
export function joinPages(pages: readonly GoodsPage[]): readonly Goods[] {
  if (pages.length === 0) return [];
  if (pages.length === 1) return pages[0]!.goods;
  const seen = new Set<string>();
  const out: Goods[] = [];
  for (let p = 1; p < pages.length; p += 1) {
    for (const g of pages[p]!.goods) {
      if (seen.has(g.GoodsID)) continue;
      seen.add(g.GoodsID);
      out.push(g);
    }
  }
  return out;
}

export function useMenuGoods(ids: { ShopID: string; BaseID: string }): MenuGoods {
  const skip = !ids.ShopID;
  const query = menuApi.useGoodsPagesInfiniteQuery(ids, { skip });
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  // The next page once the last one is in and painted: an effect may run before the frame is painted
  // (after a store update's render), the timer runs after it.
  useEffect(() => {
    if (skip || !hasNextPage || isFetching || isError) return;
    const timer = setTimeout(() => void fetchNextPage(), 0);
    return () => clearTimeout(timer);
  }, [skip, hasNextPage, isFetching, isError, fetchNextPage, query.data]);
  const pages = query.data?.pages;
  const goods = useMemo(() => (pages ? joinPages(pages) : undefined), [pages]);
  return { goods, complete: Boolean(pages) && !hasNextPage && !isFetching, isLoading: query.isLoading, isError };
}
