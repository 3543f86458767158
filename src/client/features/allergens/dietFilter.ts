/**
 * The customer's allergen and diet filter (issue 29 section 2), remembered on
 * the phone (localStorage, through the storage that never throws) and shared
 * by the menu and the filter's sheet: a tiny store read with
 * useSyncExternalStore. What a dish's code means: shared/domain/diet.ts.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { filterActive, judge, NO_FILTER, type DietFilter, type FilterVerdict } from '../../../shared/domain/diet';
import { DIET_FILTER_KEY, dietFilterStore as storage, storedDietFilter } from '../../host/dietFilterStorage';

export const FILTER_KEY = DIET_FILTER_KEY;
const listeners = new Set<() => void>();
let current: DietFilter | null = null;

export function readDietFilter(): DietFilter {
  if (!current) current = storedDietFilter();
  return current;
}

export function setDietFilter(filter: DietFilter): void {
  current = filter;
  if (filterActive(filter) || filter.strict) storage.setItem(FILTER_KEY, JSON.stringify(filter));
  else storage.removeItem(FILTER_KEY);
  for (const l of listeners) l();
}

/** Forgets what was read (tests start from the storage again). */
export function resetDietFilterForTests(): void {
  current = null;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useDietFilter(): DietFilter {
  return useSyncExternalStore(subscribe, readDietFilter, () => NO_FILTER);
}

export type Marked = Extract<FilterVerdict, { show: true }>;

/** The goods the filter leaves on the menu, what it makes of each shown (unknown, may contain), and how many it hides. */
export function useDietFiltered<G extends { GoodsID: string; diet?: string }>(goods: readonly G[]): { goods: readonly G[]; verdicts: ReadonlyMap<string, Marked>; hidden: number; filter: DietFilter } {
  const filter = useDietFilter();
  return useMemo(() => {
    if (!filterActive(filter)) return { goods, verdicts: new Map(), hidden: 0, filter };
    const verdicts = new Map<string, Marked>();
    const shown: G[] = [];
    for (const g of goods) {
      const v = judge(g.diet ?? '', filter);
      if (!v.show) continue;
      shown.push(g);
      if (v.unknown.length || v.may.length || v.unknownDiets.length) verdicts.set(g.GoodsID, v);
    }
    return { goods: shown, verdicts, hidden: goods.length - shown.length, filter };
  }, [goods, filter]);
}
