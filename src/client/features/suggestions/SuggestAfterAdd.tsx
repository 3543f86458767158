/**
 * Suggestions at add time (issue 29 section 3): after a goods is added (from
 * its row or its chooser), the goods the restaurant pairs with it ("goes well
 * with", the menu row's Pairs) are offered once, in a small sheet that loads
 * when first needed: at most 8, never one sold out, already in the cart or
 * off the menu (the allergen filter's hidden dishes are not on it). Offered
 * once per goods for the page's life; one tap dismisses it, and it never
 * blocks the menu (no backdrop, the menu stays usable under it).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PAIRINGS } from '../../../shared/domain/diet';
import { useAppSelector } from '../../app/hooks';
import { selectGoodsCount } from '../cart';

const SuggestionSheet = lazy(() => import(/* webpackChunkName: "menu-sheets" */ './SuggestionSheet'));

/** What a suggestion needs of a goods. */
export interface Suggestible {
  GoodsID: string;
  name: string;
  pairs?: string;
  soldOut: boolean;
  pic: string;
  salesPrice: string;
  promotePrice: string | null;
}

/** The goods offered after `added`: its pairs on the menu, in order, not sold out, not in the cart, at most 8. */
export function suggestionsFor<G extends Suggestible>(added: G, menu: readonly G[], counts: Readonly<Record<string, number>>): G[] {
  if (!added.pairs) return [];
  const byId = new Map(menu.map((g) => [g.GoodsID, g]));
  const out: G[] = [];
  for (const id of added.pairs.split(',')) {
    const g = byId.get(id);
    if (!g || g.soldOut || (counts[id] ?? 0) > 0 || id === added.GoodsID) continue;
    out.push(g);
    if (out.length === MAX_PAIRINGS) break;
  }
  return out;
}

/** Goods already offered (or accepted from a sheet): not offered again while the app is open. */
const offered = new Set<string>();
export function forgetOfferedForTests(): void {
  offered.clear();
}

export function SuggestAfterAdd<G extends Suggestible>({ menu, onAccept }: { menu: readonly G[]; onAccept: (g: G) => void }) {
  const counts = useAppSelector(selectGoodsCount);
  const previous = useRef<Readonly<Record<string, number>> | null>(null);
  const [shown, setShown] = useState<{ added: G; offers: G[] } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = counts;
    // The cart as it was when the menu opened is no add.
    if (!before) return;
    for (const [id, n] of Object.entries(counts)) {
      if (n <= (before[id] ?? 0) || offered.has(id)) continue;
      const added = menu.find((g) => g.GoodsID === id);
      if (!added) continue;
      offered.add(id);
      const offers = suggestionsFor(added, menu, counts);
      if (offers.length > 0) setShown({ added, offers });
      return;
    }
  }, [counts, menu]);

  const close = useCallback(() => setShown(null), []);
  const accept = useCallback(
    (g: G) => {
      offered.add(g.GoodsID);
      setShown(null);
      onAccept(g);
    },
    [onAccept],
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SuggestionSheet added={shown.added} offers={shown.offers} onAccept={(g) => accept(g as G)} onClose={close} />
    </Suspense>
  );
}
